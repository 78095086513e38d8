// The Overview section of a chatbot's page: a card per part that needs the owner (its knowledge,
// its widget, its model, and on phones the preview), each saying where it stands and linking to its
// section. Plain links, so it works without JavaScript.
import { ArrowRight, Cpu, LibraryBig, MessageSquare, PanelsTopLeft, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { isImporting, type SourceSummary } from '~/features/chatbots/sources/source-schema.ts'
import { cn } from '~/lib/misc.ts'

const { overview: copy } = chatbotBuilder.page

/** Where the chatbot's knowledge stands: how many sources, how many answer, import or failed. */
type KnowledgeCounts = { sources: number; ready: number; importing: number; failed: number }

/** The counts of the sources the Knowledge section lists (the typed text once it has any). */
export function knowledgeCounts(sources: SourceSummary[]): KnowledgeCounts {
	const listed = sources.filter((source) => source.kind !== 'text' || source.chars > 0)
	return {
		sources: listed.length,
		ready: listed.filter((source) => source.status === 'ready').length,
		importing: listed.filter(isImporting).length,
		failed: listed.filter((source) => source.status === 'failed').length,
	}
}

function OverviewCard({
	icon: Icon,
	title,
	to,
	linkLabel,
	className,
	children,
}: {
	icon: LucideIcon
	title: string
	to: string
	linkLabel: string
	className?: string
	children: React.ReactNode
}) {
	return (
		<li className={cn('flex min-w-0 flex-col rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200', className)}>
			<h3 className="font-display flex items-center gap-2 text-base font-bold text-slate-950">
				<Icon className="text-brand-600 size-4 shrink-0" aria-hidden />
				{title}
			</h3>
			<div className="mt-2 flex-1 text-sm text-slate-600">{children}</div>
			<Link
				to={to}
				className="text-brand-700 hover:text-brand-900 mt-3 inline-flex items-center gap-1 self-start text-sm font-semibold"
			>
				{linkLabel}
				<ArrowRight className="size-4" aria-hidden />
			</Link>
		</li>
	)
}

export function OverviewCards({
	paths,
	knowledge,
	widget,
	model,
}: {
	paths: { knowledge: string; widget: string; settings: string; preview: string }
	knowledge: KnowledgeCounts
	widget: { brandColor: string }
	model: { label: string }
}) {
	const states = [
		knowledge.ready > 0 ? copy.ready(knowledge.ready) : null,
		knowledge.importing > 0 ? copy.importing(knowledge.importing) : null,
		knowledge.failed > 0 ? copy.failed(knowledge.failed) : null,
	].filter(Boolean)
	return (
		// Three across once the section is wide enough for them; the preview's card only on phones.
		<ul className="@container grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="overview-cards">
			<OverviewCard icon={LibraryBig} title={copy.knowledgeTitle} to={paths.knowledge} linkLabel={copy.manageKnowledge}>
				{knowledge.sources === 0 ? (
					<p>{copy.knowledgeEmpty}</p>
				) : (
					<p>
						<span className="font-display block text-2xl font-bold text-slate-950 tabular-nums">
							{copy.sources(knowledge.sources)}
						</span>
						{states.join(' · ')}
					</p>
				)}
			</OverviewCard>
			<OverviewCard icon={PanelsTopLeft} title={copy.widgetTitle} to={paths.widget} linkLabel={copy.editWidget}>
				<p className="flex items-start gap-2">
					<span
						aria-hidden
						className="mt-0.5 size-4 shrink-0 rounded-full ring-1 ring-slate-300"
						style={{ backgroundColor: widget.brandColor }}
					/>
					{copy.widgetText}
				</p>
			</OverviewCard>
			<OverviewCard icon={Cpu} title={copy.modelTitle} to={paths.settings} linkLabel={copy.changeModel}>
				<p className="font-semibold break-words text-slate-900">{model.label}</p>
			</OverviewCard>
			<OverviewCard
				icon={MessageSquare}
				title={copy.previewTitle}
				to={paths.preview}
				linkLabel={chatbotBuilder.page.previewOpen}
				className="lg:hidden"
			>
				<p>{copy.previewText}</p>
			</OverviewCard>
		</ul>
	)
}
