import { ArrowLeft } from 'lucide-react'
import { Badge } from '~/components/ui/badge.tsx'
import { inlineParts, type CookieInfo, type DocumentBlock, type SiteDocument } from '~/content/documents.ts'

const linkClass =
	'text-brand-700 hover:text-brand-800 font-medium underline decoration-brand-300 underline-offset-2 hover:decoration-brand-600'

/**
 * A text page of the public site (Privacy Policy, Terms of Service, Cookies, About Us, an article):
 * the title and intro, then its sections with an "On this page" list beside them on wide screens
 * and above them on phones. Plain HTML: it needs no JavaScript.
 */
export function DocumentPage({
	doc,
	back,
	children,
}: {
	doc: SiteDocument
	back?: { href: string; label: string }
	children?: React.ReactNode
}) {
	const withContents = doc.sections.length > 2
	return (
		<article className="relative isolate pt-24 pb-20 sm:pt-32 sm:pb-28">
			<div
				aria-hidden
				className="from-brand-100/70 absolute inset-x-0 top-0 -z-10 h-[24rem] bg-gradient-to-b via-fuchsia-50/40 to-transparent"
			/>
			<div className="container-page">
				{back ? (
					<a
						href={back.href}
						className="hover:text-brand-700 mb-8 inline-flex items-center gap-2 rounded-full px-1 text-sm font-semibold text-slate-600 transition-colors"
					>
						<ArrowLeft className="size-4" aria-hidden />
						{back.label}
					</a>
				) : null}
				<header className="max-w-3xl">
					<Badge>{doc.eyebrow}</Badge>
					<h1 className="font-display mt-5 text-4xl leading-tight font-extrabold tracking-tight text-balance text-slate-950 sm:text-5xl">
						{doc.title}
					</h1>
					<p className="mt-5 text-lg leading-relaxed text-slate-600">{doc.intro}</p>
					{doc.updated ? <p className="mt-4 text-sm text-slate-500">Last updated {doc.updated}</p> : null}
				</header>

				<div
					className={
						withContents ? 'mt-12 grid gap-10 lg:mt-16 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16' : 'mt-12 lg:mt-16'
					}
				>
					{withContents ? (
						<nav
							aria-labelledby="contents-heading"
							className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-28 lg:self-start lg:bg-transparent lg:p-0 lg:shadow-none lg:ring-0"
						>
							<h2 id="contents-heading" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
								On this page
							</h2>
							{/* On phones the links keep clear of the floating chat button's column (pr-12). */}
							<ol className="mt-3 grid gap-x-6 gap-y-2 pr-12 text-sm sm:grid-cols-2 sm:pr-0 lg:grid-cols-1 lg:border-l lg:border-slate-200">
								{doc.sections.map((section) => (
									<li key={section.id}>
										<a
											href={`#${section.id}`}
											className="hover:text-brand-700 lg:hover:border-brand-500 inline-block text-slate-600 transition-colors lg:-ml-px lg:block lg:border-l lg:border-transparent lg:pl-4"
										>
											{section.heading}
										</a>
									</li>
								))}
							</ol>
						</nav>
					) : null}
					<div className="max-w-3xl min-w-0 space-y-12 break-words">
						{doc.sections.map((section) => (
							<section
								key={section.id}
								id={section.id}
								aria-labelledby={`${section.id}-heading`}
								className="scroll-mt-28"
							>
								<h2 id={`${section.id}-heading`} className="font-display text-2xl font-bold text-slate-950">
									{section.heading}
								</h2>
								<div className="mt-4 space-y-4 leading-relaxed text-slate-700">
									{section.blocks.map((block, index) => (
										<Block key={index} block={block} />
									))}
								</div>
							</section>
						))}
						{children}
					</div>
				</div>
			</div>
		</article>
	)
}

function Block({ block }: { block: DocumentBlock }) {
	if (typeof block === 'string') return <p>{<Inline text={block} />}</p>
	if ('list' in block)
		return (
			<ul className="marker:text-brand-500 list-disc space-y-2 pl-5">
				{block.list.map((item) => (
					<li key={item} className="pl-1">
						<Inline text={item} />
					</li>
				))}
			</ul>
		)
	return <CookieList cookies={block.cookies} />
}

/** A paragraph's text, its [text](href) parts as links; other sites' open in a new tab. */
function Inline({ text }: { text: string }) {
	return inlineParts(text).map((part, index) => {
		if (typeof part === 'string') return part
		const external = /^https?:\/\//.test(part.href)
		return (
			<a
				key={index}
				href={part.href}
				className={linkClass}
				{...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
			>
				{part.text}
				{external ? <span className="sr-only"> (opens in a new tab)</span> : null}
			</a>
		)
	})
}

function CookieList({ cookies }: { cookies: readonly CookieInfo[] }) {
	return (
		<ul aria-label="Cookies" className="grid gap-4 sm:grid-cols-2">
			{cookies.map((cookie) => (
				<li key={cookie.name} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
					<h3 className="font-mono text-base font-semibold text-slate-950">{cookie.name}</h3>
					<p className="mt-2 text-sm leading-relaxed text-slate-700">{cookie.purpose}</p>
					<dl className="mt-4 grid grid-cols-2 gap-3 border-t border-slate-100 pt-3 text-sm">
						<div>
							<dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Set</dt>
							<dd className="mt-0.5 text-slate-800">{cookie.setWhen}</dd>
						</div>
						<div>
							<dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Kept for</dt>
							<dd className="mt-0.5 text-slate-800">{cookie.lifetime}</dd>
						</div>
					</dl>
				</li>
			))}
		</ul>
	)
}
