// One purpose's provider on the Models page: what it is (never its key, only the key's ends), and
// its Test with the result in words. A plain form post: it works without JavaScript too.
import { AudioLines, CheckCircle2, KeyRound, Mic, PenLine, TriangleAlert, type LucideIcon } from 'lucide-react'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { modelsPage } from '~/features/models/copy.ts'
import type { ProviderPurpose } from '~/features/models/model-schema.ts'
import { cn } from '~/lib/misc.ts'

export type ShownConnection = {
	provider: string
	baseUrl: string
	model: string | null
	keyHint: string
}

export type ShownTest = { outcome: string; message: string; models: string[] }

const termClass = 'text-xs font-medium text-slate-500'
const codeClass = 'font-mono text-xs break-all text-slate-800'

const icons: Record<ProviderPurpose, LucideIcon> = { chat: PenLine, transcription: Mic, speech: AudioLines }

export function ProviderCard({
	purpose,
	connection,
	test,
}: {
	purpose: ProviderPurpose
	connection: ShownConnection | null
	test: ShownTest | null
}) {
	const navigation = useNavigation()
	const testing = navigation.state === 'submitting' && navigation.formData?.get('purpose') === purpose
	const copy = modelsPage.purposes[purpose]
	const Icon = icons[purpose]
	const headingId = `provider-${purpose}`
	return (
		<section
			aria-labelledby={headingId}
			data-testid={`provider-${purpose}`}
			className="min-w-0 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
		>
			<div className="flex items-start gap-3">
				<span className="bg-brand-50 text-brand-700 grid size-10 shrink-0 place-items-center rounded-2xl" aria-hidden>
					<Icon className="size-5" />
				</span>
				<div className="min-w-0 flex-1">
					<h3 id={headingId} className="font-display text-lg font-bold text-slate-950">
						{copy.title}
					</h3>
					<p className="text-sm text-slate-600">{copy.blurb}</p>
				</div>
			</div>
			{connection ? (
				<>
					<dl className="mt-4 space-y-3 text-sm">
						<div>
							<dt className={termClass}>Provider</dt>
							<dd className="font-semibold break-words text-slate-900">{connection.provider}</dd>
						</div>
						<div>
							<dt className={termClass}>Address</dt>
							<dd className={codeClass}>{connection.baseUrl}</dd>
						</div>
						{connection.model ? (
							<div>
								<dt className={termClass}>Model</dt>
								<dd className={codeClass}>{connection.model}</dd>
							</div>
						) : null}
						<div>
							<dt className={termClass}>Key</dt>
							<dd className={cn(codeClass, 'flex items-center gap-1.5')}>
								<KeyRound className="size-3.5 text-slate-400" aria-hidden />
								{connection.keyHint}
							</dd>
						</div>
					</dl>
					<p className="mt-3 text-xs text-slate-500">{modelsPage.environmentNote}</p>
					<Form method="post" className="mt-4">
						<input type="hidden" name="intent" value="test" />
						<input type="hidden" name="purpose" value={purpose} />
						<Button type="submit" variant="secondary" size="sm" disabled={testing}>
							{testing ? modelsPage.testing : modelsPage.test}
							<span className="sr-only"> {copy.title}</span>
						</Button>
					</Form>
				</>
			) : (
				<p className="mt-4 rounded-2xl bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
					{copy.notConnected}
				</p>
			)}
			<div aria-live="polite" className="empty:hidden">
				{test ? <TestResult test={test} /> : null}
			</div>
		</section>
	)
}

function TestResult({ test }: { test: ShownTest }) {
	const reached = test.outcome === 'reached'
	return (
		<div
			data-testid="test-result"
			data-outcome={test.outcome}
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
				<span className="min-w-0">{test.message}</span>
			</p>
			{test.models.length > 0 ? (
				<details className="mt-2">
					<summary className="cursor-pointer text-xs font-semibold">{modelsPage.offered(test.models.length)}</summary>
					<ul className="mt-2 max-h-48 overflow-y-auto font-mono text-xs break-all">
						{test.models.map((model) => (
							<li key={model}>{model}</li>
						))}
					</ul>
				</details>
			) : null}
		</div>
	)
}
