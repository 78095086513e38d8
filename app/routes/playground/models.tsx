// The administrator's Models page (/playground/models): the providers this server uses, each with a
// Test. Administrator only, decided on the server: anyone else gets 403, for the page, its .data and
// its action alike.
import { Cpu } from 'lucide-react'
import { data } from 'react-router'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { TabPlaceholder } from '~/components/playground/tab-placeholder.tsx'
import { company } from '~/content/company.ts'
import { modelsPage } from '~/features/models/copy.ts'
import { PROVIDER_PURPOSES, TestConnectionSchema } from '~/features/models/model-schema.ts'
import { modelConnections, testModelConnection } from '~/features/models/models.server.ts'
import { ProviderCard, type ShownTest } from '~/features/models/ui/provider-card.tsx'
import { readFormData } from '~/lib/forms.server.ts'
import { privateHeaders, privateRouteHeaders } from '~/lib/http.server.ts'
import { requireAdmin } from '~/routes/guards.server.ts'
import type { Route } from './+types/models'

export async function loader({ request }: Route.LoaderArgs) {
	const { setCookie } = await requireAdmin(request)
	return data({ connections: (await modelConnections()).environment }, { headers: privateHeaders(setCookie) })
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireAdmin(request)
	const parsed = TestConnectionSchema.safeParse(Object.fromEntries(await readFormData(request)))
	const headers = privateRouteHeaders()
	if (!parsed.success) return data({ error: 'Unknown request.' }, { status: 400, headers })
	const answer = await testModelConnection(user, parsed.data)
	const test = (shown: ShownTest) => ({ purpose: answer.target, ...shown })
	switch (answer.kind) {
		case 'key-unreadable':
		case 'not-connected':
			return data(
				{ test: test({ outcome: 'not-connected', message: modelsPage.notConfigured, models: [] }) },
				{ status: 409, headers },
			)
		case 'rate-limited':
			return data(
				{ test: test({ outcome: 'rate-limited', message: modelsPage.tooManyTests, models: [] }) },
				{ status: 429, headers: { ...headers, 'Retry-After': String(answer.retryAfterSeconds) } },
			)
		case 'tested': {
			const { outcome, message, models } = answer.result
			return data({ test: test({ outcome, message, models }) }, { headers })
		}
	}
}

export const meta: Route.MetaFunction = () => [
	{ title: `${modelsPage.title} | ${company.name}` },
	{ name: 'robots', content: 'noindex' },
]

export default function ModelsRoute({ loaderData, actionData }: Route.ComponentProps) {
	const tested = actionData && 'test' in actionData ? actionData.test : null
	return (
		<section aria-labelledby="models-heading" className="min-w-0 space-y-6">
			<div>
				<h2 id="models-heading" className="font-display text-xl font-bold text-slate-950">
					{modelsPage.title}
				</h2>
				<p className="mt-1 max-w-2xl text-sm text-slate-600">{modelsPage.description}</p>
			</div>
			<div className="grid gap-4 lg:grid-cols-3">
				{PROVIDER_PURPOSES.map((purpose) => (
					<ProviderCard
						key={purpose}
						purpose={purpose}
						connection={loaderData.connections[purpose]}
						test={tested?.purpose === purpose ? tested : null}
					/>
				))}
			</div>
		</section>
	)
}

export function ErrorBoundary() {
	const failed = () => <TabPlaceholder icon={Cpu} title={modelsPage.failedTitle} text={modelsPage.failedText} />
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				403: () => <TabPlaceholder icon={Cpu} title="Not available" text={modelsPage.adminOnly} />,
			}}
			defaultStatusHandler={failed}
			unexpectedErrorHandler={failed}
		/>
	)
}
