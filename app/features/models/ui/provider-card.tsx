// The parts every connection's card on the Models page shares: what it is (never its key, only the
// key's ends), a test's result in words, and the card of the connection the server's environment
// sets (read-only, with its Test). Plain form posts: they work without JavaScript too.
import { CheckCircle2, CircleDashed, KeyRound, TriangleAlert } from 'lucide-react'
import { useFetcher } from 'react-router'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Spinner } from '~/components/ui/spinner.tsx'
import { modelsPage } from '~/features/models/copy.ts'
import type { ProviderPurpose } from '~/features/models/model-schema.ts'
import type { ConnectionView, EnvironmentTest, ModelsActionData } from '~/features/models/page-data.ts'
import { cn } from '~/lib/misc.ts'

const termClass = 'text-xs font-medium text-slate-500'
const codeClass = 'font-mono text-xs break-all text-slate-800'

/** A connection's card: the same frame for the environment's and the stored ones. */
export const connectionCardClass = 'min-w-0 scroll-mt-24 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5'

/** Provider, address, model and the key's ends. */
export function ConnectionFacts({
	connection,
	noModel,
	children,
}: {
	connection: ConnectionView
	/** What an empty model says; left out, no Model line. */
	noModel?: string
	children?: React.ReactNode
}) {
	return (
		<dl className="mt-3 grid gap-3 text-sm">
			<div>
				<dt className={termClass}>{modelsPage.card.provider}</dt>
				<dd className="font-semibold break-words text-slate-900">{connection.provider}</dd>
			</div>
			<div>
				<dt className={termClass}>{modelsPage.card.address}</dt>
				<dd className={codeClass}>{connection.baseUrl}</dd>
			</div>
			{connection.model || noModel ? (
				<div>
					<dt className={termClass}>{modelsPage.card.model}</dt>
					<dd className={connection.model ? codeClass : 'text-xs text-slate-600'}>{connection.model ?? noModel}</dd>
				</div>
			) : null}
			<div>
				<dt className={termClass}>{modelsPage.card.key}</dt>
				<dd className={cn(codeClass, 'flex items-center gap-1.5')} data-testid="key-hint">
					<KeyRound className="size-3.5 shrink-0 text-slate-400" aria-hidden />
					{connection.keyHint}
				</dd>
			</div>
			{children}
		</dl>
	)
}

/** The models a provider offered, folded: a list of 200 names does not push the page down. */
export function OfferedModels({ models }: { models: string[] }) {
	if (models.length === 0) return null
	return (
		<details className="mt-2" data-testid="offered-models">
			<summary className="cursor-pointer text-xs font-semibold">{modelsPage.offered(models.length)}</summary>
			<ul className="mt-2 max-h-48 overflow-y-auto font-mono text-xs break-all">
				{models.map((model) => (
					<li key={model}>{model}</li>
				))}
			</ul>
		</details>
	)
}

/** A test's result in words: green when the provider answered, rose otherwise. */
export function TestResult({
	outcome,
	message,
	models,
	children,
}: {
	outcome: string
	message: string
	models: string[]
	children?: React.ReactNode
}) {
	const reached = outcome === 'reached'
	return (
		<div
			data-testid="test-result"
			data-outcome={outcome}
			className={cn(
				'mt-4 rounded-2xl p-4 text-sm ring-1',
				reached ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : 'bg-rose-50 text-rose-900 ring-rose-200',
			)}
		>
			<p className="flex items-start gap-2 font-semibold break-words">
				{reached ? (
					<CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
				) : (
					<TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
				)}
				<span className="min-w-0">{message}</span>
			</p>
			{children}
			<OfferedModels models={models} />
		</div>
	)
}

/** Not tested since it was connected or changed. */
export function NotTested() {
	return (
		<p
			data-testid="test-result"
			data-outcome="none"
			className="mt-4 flex items-center gap-2 rounded-2xl bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200"
		>
			<CircleDashed className="size-4 shrink-0 text-slate-400" aria-hidden />
			{modelsPage.card.notTested}
		</p>
	)
}

export const InUseBadge = () => <Badge tone="emerald">{modelsPage.inUse}</Badge>

/** A Test button: "Testing…" with a spinner while its post is on its way. */
export function TestButton({ pending, label }: { pending: boolean; label: string }) {
	return (
		<Button type="submit" variant="secondary" size="sm" disabled={pending}>
			{pending ? (
				<>
					<Spinner className="size-4" /> {modelsPage.testing}
				</>
			) : (
				modelsPage.test
			)}
			<span className="sr-only"> {label}</span>
		</Button>
	)
}

/** The environment's connection for a purpose: read-only, with its Test (the result comes back with the page). */
export function EnvironmentCard({
	purpose,
	connection,
	inUse,
	test,
}: {
	purpose: ProviderPurpose
	connection: ConnectionView
	/** For a purpose that uses one connection at a time: whether it is this one (null: not told). */
	inUse: boolean | null
	/** The result of a test posted without JavaScript. */
	test: EnvironmentTest | null
}) {
	const fetcher = useFetcher<ModelsActionData>()
	const shown = fetcher.data?.test ?? test
	const copy = modelsPage.purposes[purpose]
	return (
		<li data-testid={`environment-${purpose}`} className={connectionCardClass}>
			<div className="flex flex-wrap items-start justify-between gap-2">
				<h4 className="font-display min-w-0 font-bold break-words text-slate-950">{connection.name}</h4>
				<span className="flex flex-wrap gap-1.5">
					{inUse ? <InUseBadge /> : null}
					<Badge tone="white">{modelsPage.environmentBadge}</Badge>
				</span>
			</div>
			<ConnectionFacts connection={connection} />
			<p className="mt-3 text-xs text-slate-500">{modelsPage.environmentNote}</p>
			{inUse === false ? <p className="mt-1 text-xs font-medium text-amber-800">{modelsPage.notInUse}</p> : null}
			<fetcher.Form method="post" className="mt-4">
				<input type="hidden" name="intent" value="test" />
				<input type="hidden" name="purpose" value={purpose} />
				<TestButton pending={fetcher.state !== 'idle'} label={copy.title} />
			</fetcher.Form>
			<div aria-live="polite" className="empty:hidden">
				{shown ? <TestResult outcome={shown.outcome} message={shown.message} models={shown.models} /> : null}
			</div>
		</li>
	)
}
