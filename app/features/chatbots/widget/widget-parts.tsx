// The widget's own pieces, shared by the embed page and the live preview on the settings page: its
// header (icon, title, subtitle) and the launcher button as host pages show it.
import { Bot, Headset, MessageCircle, Smile, Sparkles, X, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { company } from '~/content/company.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { cn } from '~/lib/misc.ts'
import type { WidgetAppearance, WidgetIcon } from './widget-settings.ts'

export const WIDGET_ICON: Record<WidgetIcon, LucideIcon> = {
	bot: Bot,
	message: MessageCircle,
	sparkles: Sparkles,
	headset: Headset,
	smile: Smile,
}

/** The header's title and subtitle: the owner's, else the chatbot's name and "Powered by …". */
const widgetTitle = (appearance: WidgetAppearance, name: string) => appearance.title || name
const widgetSubtitle = (appearance: WidgetAppearance) =>
	appearance.subtitle || `${chatbotBuilder.embed.poweredBy} ${company.name}`

/** The widget's picture, when the owner uploaded one (its version in the address: cached for good). */
export const avatarSrc = (chatbotId: string, appearance: WidgetAppearance) =>
	appearance.avatar ? `/embed/${chatbotId}/avatar?v=${appearance.avatar}` : null

export function WidgetHeader({
	appearance,
	name,
	picture,
	headingLevel: Heading = 'h1',
	onClose,
	extra,
}: {
	appearance: WidgetAppearance
	name: string
	/** The uploaded picture's address, shown instead of the icon. */
	picture?: string | null
	headingLevel?: 'h1' | 'h2' | 'h3' | 'p'
	onClose?: () => void
	extra?: ReactNode
}) {
	const Icon = WIDGET_ICON[appearance.icon]
	return (
		<header className="bg-brand-600 text-on-brand flex items-center gap-3 px-4 py-3">
			{picture ? (
				<img
					src={picture}
					alt=""
					width={36}
					height={36}
					className="size-9 shrink-0 rounded-full bg-white object-cover"
				/>
			) : (
				<span className="grid size-9 shrink-0 place-items-center rounded-full bg-current/15">
					<Icon className="size-5" aria-hidden />
				</span>
			)}
			<div className="min-w-0 flex-1">
				<Heading className="font-display truncate text-base font-bold">{widgetTitle(appearance, name)}</Heading>
				<p className="line-clamp-2 text-xs [overflow-wrap:anywhere]">{widgetSubtitle(appearance)}</p>
			</div>
			{extra}
			{onClose ? (
				<button
					type="button"
					onClick={onClose}
					aria-label={chatbotBuilder.embed.closeLabel}
					className="grid size-9 shrink-0 place-items-center rounded-full hover:bg-current/15"
				>
					<X className="size-5" aria-hidden />
				</button>
			) : null}
		</header>
	)
}

/** The launcher as embed.js draws it on host pages (for the preview; embed.js has its own copy). */
export function WidgetLauncher({ appearance, className }: { appearance: WidgetAppearance; className?: string }) {
	return (
		<span
			className={cn(
				'bg-brand-600 text-on-brand inline-flex h-[60px] min-w-[60px] items-center justify-center gap-2 rounded-full shadow-lg',
				appearance.launcherLabel ? 'px-5' : '',
				className,
			)}
			data-testid="widget-launcher-preview"
		>
			<MessageCircle className="size-6" aria-hidden />
			{appearance.launcherLabel ? <span className="text-sm font-semibold">{appearance.launcherLabel}</span> : null}
		</span>
	)
}
