// One chatbot in "Your Chatbots": name, created date, Active/Inactive with a switch, and Preview,
// Embed, Edit (its own page) and Delete. Every action is a link or a form post, so it all works without JavaScript;
// with it, Preview opens a dialog, Embed copies the code, and the switch is instant.
import { Bot, Code2, Eye, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import {
	ActiveSwitch,
	BuilderCard,
	CardActions,
	CodeBox,
	copyCode,
	DeleteConfirmation,
	useActiveToggle,
} from '~/components/playground/builder-parts.tsx'
import { buttonClasses } from '~/components/ui/button.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { cn } from '~/lib/misc.ts'

const { card, toasts } = chatbotBuilder

export type ChatbotSummary = {
	id: string
	name: string
	isActive: boolean
	createdAt: string
	createdLabel: string
	embedCode: string
}

const actionClass = buttonClasses({ variant: 'secondary', size: 'sm', className: 'px-3 [&>svg]:shrink-0' })

export function ChatbotCard({
	chatbot,
	confirmingDelete,
	showingCode,
	onPreview,
}: {
	chatbot: ChatbotSummary
	confirmingDelete: boolean
	showingCode: boolean
	/** Set once JavaScript runs: Preview opens a dialog and Embed copies instead of following links. */
	onPreview?: (chatbot: ChatbotSummary) => void
}) {
	const [codeOpen, setCodeOpen] = useState(false)
	const showCode = showingCode || codeOpen
	const toggle = useActiveToggle(chatbot.isActive)
	const { active } = toggle
	const headingId = `chatbot-${chatbot.id}`
	return (
		<BuilderCard
			headingId={headingId}
			testId="chatbot-card"
			icon={Bot}
			iconClassName="from-brand-500 to-brand-700"
			title={chatbot.name}
			subtitle={<time dateTime={chatbot.createdAt}>{card.created(chatbot.createdLabel)}</time>}
			active={active}
			labels={card}
		>
			<ActiveSwitch
				toggle={toggle}
				action="/playground?index"
				itemId={chatbot.id}
				label={card.switchLabel(chatbot.name)}
				onText="Answering on your site"
				offText="Switched off"
			/>

			<CardActions>
				<Link
					to={`/playground/chatbots/${chatbot.id}/preview`}
					className={actionClass}
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
				<Link
					to={`/playground?embed=${chatbot.id}`}
					preventScrollReset
					className={actionClass}
					aria-label={`${card.embed} ${chatbot.name}`}
					onClick={(event) => {
						if (!onPreview) return // without JavaScript the link shows the code
						event.preventDefault()
						setCodeOpen(true)
						void copyCode(
							chatbot.embedCode,
							{ title: toasts.copied, description: toasts.copiedDescription },
							'Copy the embed code below.',
						)
					}}
				>
					<Code2 className="size-4" aria-hidden />
					{card.embed}
				</Link>
				<Link
					to={`/playground/chatbots/${chatbot.id}`}
					className={actionClass}
					aria-label={`${card.edit} ${chatbot.name}`}
				>
					<Pencil className="size-4" aria-hidden />
					{card.edit}
				</Link>
				<Link
					to={`/playground?delete=${chatbot.id}`}
					preventScrollReset
					className={cn(actionClass, 'text-rose-700 hover:bg-rose-50')}
					aria-label={`${card.delete} ${chatbot.name}`}
				>
					<Trash2 className="size-4" aria-hidden />
					{card.delete}
				</Link>
			</CardActions>

			{showCode ? (
				<CodeBox
					id={`${headingId}-embed`}
					rows={3}
					code={chatbot.embedCode}
					label={<>Paste this into any page of your site, just before {'</body>'}:</>}
				/>
			) : null}

			{confirmingDelete ? (
				<DeleteConfirmation
					id={`${headingId}-confirm`}
					action="/playground?index"
					question={card.deleteConfirm(chatbot.name)}
					confirmLabel={`${card.delete} chatbot`}
					cancelTo="/playground"
					itemId={chatbot.id}
				/>
			) : null}
		</BuilderCard>
	)
}
