// One chatbot in "Your Chatbots": name, created date, Active/Inactive with a switch, and Preview,
// Embed, Edit (its own page) and Delete (the builder kit's card). Every action is a link or a form
// post, so it all works without JavaScript; with it, Preview opens a dialog, Embed copies the code,
// and the switch is instant.
import { Eye } from 'lucide-react'
import { Link } from 'react-router'
import { cardActionClass, ItemCard } from '~/components/playground/builder-parts.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { chatbotKind } from './chatbot-kind.ts'

const { card } = chatbotBuilder

export type ChatbotSummary = {
	id: string
	name: string
	isActive: boolean
	createdAt: string
	createdLabel: string
	embedCode: string
}

export function ChatbotCard({
	chatbot,
	confirmingDelete,
	showingCode,
	onPreview,
}: {
	chatbot: ChatbotSummary
	confirmingDelete: boolean
	showingCode: boolean
	/** Set once JavaScript runs: Preview opens a dialog instead of following its link. */
	onPreview?: (chatbot: ChatbotSummary) => void
}) {
	return (
		<ItemCard
			kind={chatbotKind}
			item={chatbot}
			subtitle={<time dateTime={chatbot.createdAt}>{card.created(chatbot.createdLabel)}</time>}
			code={{ text: chatbot.embedCode, rows: 3, showing: showingCode }}
			confirmingDelete={confirmingDelete}
			primary={
				<Link
					to={`${chatbotKind.itemPath(chatbot.id)}/preview`}
					className={cardActionClass}
					aria-label={`${card.preview} ${chatbot.name}`}
					onClick={(event) => {
						if (!onPreview) return
						event.preventDefault()
						onPreview(chatbot)
					}}
				>
					<Eye className="size-4" aria-hidden />
					{card.preview}
				</Link>
			}
		/>
	)
}
