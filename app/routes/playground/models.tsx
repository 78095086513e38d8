// The administrator's Models page (/playground/models): per purpose, the provider the server's
// environment sets (read-only) and the ones connected here, each with a Test; connecting, changing
// and removing one. Administrator only, decided on the server: anyone else gets 403, for the page,
// its .data and every intent alike. No key ever leaves the server: the loader sends the key's ends.
import { Cpu } from 'lucide-react'
import { data } from 'react-router'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { TabPlaceholder } from '~/components/playground/tab-placeholder.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { company } from '~/content/company.ts'
import { modelsPage } from '~/features/models/copy.ts'
import { PROVIDER_PURPOSES } from '~/features/models/model-schema.ts'
import { modelConnections } from '~/features/models/models.server.ts'
import type { StoredConnectionView } from '~/features/models/page-data.ts'
import { PurposeSection } from '~/features/models/ui/purpose-section.tsx'
import { formatTimeAgo } from '~/lib/format-duration.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { requireAdmin } from '~/routes/guards.server.ts'
import type { Route } from './+types/models'
import { modelsAction } from './models-actions.server.ts'

export async function loader({ request }: Route.LoaderArgs) {
	const { setCookie } = await requireAdmin(request)
	const { environment, stored, voiceAssistants } = await modelConnections()
	const now = new Date()
	const connections = stored.map((c): StoredConnectionView => ({
		id: c.id,
		purpose: c.purpose,
		provider: c.provider,
		name: c.name,
		baseUrl: c.baseUrl,
		model: c.model,
		models: c.models,
		keyHint: c.keyHint,
		keyReadable: c.keyReadable,
		usedBy: c.usedBy,
		updatedAt: c.updatedAt,
		defaultModel: c.defaultModel,
		lastTest: c.lastTest ? { ...c.lastTest, ago: formatTimeAgo(new Date(c.lastTest.at), now) } : null,
	}))
	const asked = new URL(request.url).searchParams.get('remove')
	return data(
		{
			environment,
			stored: connections,
			voiceAssistants,
			// Only an id of this page's connections: anything else asks nothing.
			removing: connections.some((c) => c.id === asked) ? asked : null,
		},
		{ headers: privateHeaders(setCookie) },
	)
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireAdmin(request)
	return modelsAction(await readFormData(request), user)
}

export const meta: Route.MetaFunction = () => [
	{ title: `${modelsPage.title} | ${company.name}` },
	{ name: 'robots', content: 'noindex' },
]

export default function ModelsRoute({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<section aria-labelledby="models-heading" className="min-w-0 space-y-6">
			<ToastMessage toast={actionData?.toast} />
			<div>
				<h2 id="models-heading" className="font-display text-xl font-bold text-slate-950">
					{modelsPage.title}
				</h2>
				<p className="mt-1 max-w-3xl text-sm text-slate-600">{modelsPage.description}</p>
			</div>
			{PROVIDER_PURPOSES.map((purpose) => (
				<PurposeSection
					key={purpose}
					purpose={purpose}
					environment={loaderData.environment[purpose]}
					stored={loaderData.stored.filter((c) => c.purpose === purpose)}
					removing={loaderData.removing}
					voiceAssistants={loaderData.voiceAssistants}
					actionData={actionData}
				/>
			))}
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
