// "Connect a provider" for one purpose: the provider, its address (an OpenAI-compatible server
// only), a name, the key (sealed on the server, never shown again) and the model. A plain form post
// that works without JavaScript (every field is there, the server checks it); with it, the schema
// checks first, the address shows only for the provider that needs one, and the post is sent on its
// own. On success the server tests the new connection at once and the page lists its models.
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { ToastMessage, showToast } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { Spinner } from '~/components/ui/spinner.tsx'
import { modelsPage } from '~/features/models/copy.ts'
import {
	ConnectProviderSchema,
	MODEL_NAME_MAX,
	PROVIDER_NAMES,
	PURPOSE_PROVIDERS,
	type ProviderPurpose,
} from '~/features/models/model-schema.ts'
import { MODELS_PATH, type ConnectFormData, type ModelsActionData } from '~/features/models/page-data.ts'
import { useClientValidation } from '~/lib/use-client-validation.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'

const copy = modelsPage.connect

export function ConnectForm({
	purpose,
	suggestions,
	posted,
}: {
	purpose: ProviderPurpose
	/** Model names to suggest: the ones this purpose's providers offered at their tests. */
	suggestions: string[]
	/** The form as it came back from a post without JavaScript (with its problems). */
	posted: ConnectFormData | null
}) {
	const fetcher = useFetcher<ModelsActionData>()
	const hydrated = useHydrated()
	const { clientErrors, validate } = useClientValidation(ConnectProviderSchema, (errors) =>
		showToast({ type: 'error', title: copy.failed, description: Object.values(errors)[0] }),
	)
	const returned = fetcher.data?.form?.kind === 'connect' ? fetcher.data.form : posted
	const errors = clientErrors ?? returned?.errors ?? {}
	const providers = PURPOSE_PROVIDERS[purpose]
	const [provider, setProvider] = useState(returned?.values.provider || providers[0])
	const pending = fetcher.state !== 'idle'
	const id = (field: string) => `connect-${purpose}-${field}`
	const purposeTitle = modelsPage.purposes[purpose].title
	// Without JavaScript every field is there; with it, the address only for the provider that needs one.
	const showBaseUrl = providers.includes('openai-compatible') && (!hydrated || provider === 'openai-compatible')
	const keyOptional = providers.includes('openai-compatible') && (!hydrated || provider === 'openai-compatible')
	return (
		<details
			data-testid={`connect-${purpose}`}
			className="group mt-5 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5"
			open={returned ? true : undefined}
		>
			<summary className="text-brand-700 hover:text-brand-800 inline-flex cursor-pointer items-center gap-2 text-sm font-semibold">
				<Plus className="size-4 transition-transform group-open:rotate-45" aria-hidden />
				{copy.title}
				<span className="sr-only"> ({purposeTitle})</span>
			</summary>
			<ToastMessage toast={fetcher.data?.toast} />
			<fetcher.Form
				method="post"
				action={MODELS_PATH}
				noValidate
				onSubmit={validate}
				aria-label={copy.titleFor(purposeTitle)}
				className="mt-4 grid gap-4 sm:grid-cols-2"
			>
				<input type="hidden" name="intent" value="connect" />
				<input type="hidden" name="purpose" value={purpose} />
				<SelectField
					id={id('provider')}
					label={copy.provider}
					name="provider"
					value={provider}
					onChange={(event) => setProvider(event.currentTarget.value as typeof provider)}
					options={providers.map((kind) => ({ value: kind, label: PROVIDER_NAMES[kind] }))}
					error={errors.provider}
				/>
				<Field
					id={id('name')}
					label={copy.name}
					name="name"
					defaultValue={returned?.values.name}
					maxLength={60}
					hint={copy.nameHint}
					error={errors.name}
				/>
				{showBaseUrl ? (
					<Field
						id={id('base-url')}
						className="sm:col-span-2"
						label={copy.baseUrl}
						name="baseUrl"
						type="url"
						inputMode="url"
						placeholder="http://localhost:11434/v1"
						defaultValue={returned?.values.baseUrl}
						autoComplete="off"
						spellCheck={false}
						hint={copy.baseUrlHint}
						error={errors.baseUrl}
					/>
				) : null}
				<Field
					id={id('key')}
					label={copy.apiKey}
					name="apiKey"
					type="password"
					autoComplete="off"
					spellCheck={false}
					hint={keyOptional ? copy.apiKeyOptionalHint : copy.apiKeyHint}
					error={errors.apiKey}
				/>
				<Field
					id={id('model')}
					label={copy.model}
					name="model"
					list={suggestions.length > 0 ? id('models') : undefined}
					defaultValue={returned?.values.model}
					maxLength={MODEL_NAME_MAX}
					autoComplete="off"
					spellCheck={false}
					hint={copy.modelHint}
					error={errors.model}
				/>
				{suggestions.length > 0 ? (
					<datalist id={id('models')}>
						{suggestions.map((model) => (
							<option key={model} value={model} />
						))}
					</datalist>
				) : null}
				<div className="sm:col-span-2">
					<Button type="submit" disabled={pending}>
						{pending ? (
							<>
								<Spinner className="size-4" /> {copy.submitting}
							</>
						) : (
							copy.submit
						)}
					</Button>
				</div>
			</fetcher.Form>
		</details>
	)
}
