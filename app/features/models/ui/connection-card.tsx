// A connection the administrator stored on the Models page: what it is (never its key, only its
// ends), its last test in words with its time, the models its provider offered, who uses it, and
// its Test, Change and Remove. Plain form posts (Remove asks first through a link, `?remove=<id>`),
// so all of it works without JavaScript; with it, each form is sent on its own and shows its state.
import { Pencil, TriangleAlert } from 'lucide-react'
import { useFetcher } from 'react-router'
import { DeleteConfirmation } from '~/components/playground/builder-parts.tsx'
import { DeleteStep } from '~/components/playground/workspace-parts.tsx'
import { ToastMessage, showToast } from '~/components/toast-message.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { Spinner } from '~/components/ui/spinner.tsx'
import { modelsPage } from '~/features/models/copy.ts'
import { MODEL_NAME_MAX, UpdateConnectionSchema } from '~/features/models/model-schema.ts'
import {
	MODELS_PATH,
	type ModelsActionData,
	type StoredConnectionView,
	type UpdateFormData,
} from '~/features/models/page-data.ts'
import { useClientValidation } from '~/lib/use-client-validation.ts'
import {
	ConnectionFacts,
	connectionCardClass,
	InUseBadge,
	NotTested,
	OfferedModels,
	TestButton,
	TestResult,
} from './provider-card.tsx'

const { card, change: changeCopy, remove: removeCopy } = modelsPage

export function ConnectionCard({
	connection,
	removing,
	inUse,
	waitsForPassingTest = false,
	voiceAssistants,
	posted,
}: {
	/** How many voice assistants there are (a speech-to-text or speech connection in use serves them all). */
	voiceAssistants: number
	connection: StoredConnectionView
	/** The one connection its purpose uses now (speech-to-text). */
	inUse: boolean
	/** Its last test failed, so the voice test does not use it until a test passes (app/ai/connection-in-use.ts). */
	waitsForPassingTest?: boolean
	/** Remove was asked: the confirmation is shown in place of the button. */
	removing: boolean
	/** Its Change form as it came back from a post without JavaScript (with its problems). */
	posted: UpdateFormData | null
}) {
	const tester = useFetcher<ModelsActionData>()
	const cardId = `connection-${connection.id}`
	const headingId = `${cardId}-heading`
	const removeAsk = `${MODELS_PATH}?remove=${connection.id}#${cardId}`
	const confirmation = {
		id: `${cardId}-remove`,
		action: MODELS_PATH,
		question: removeCopy.question(connection.name, connection.usedBy),
		confirmLabel: removeCopy.confirm,
		itemId: connection.id,
		intent: 'remove',
		idName: 'connectionId',
	}
	const { lastTest } = connection
	return (
		<li id={cardId} data-testid="connection" data-connection-id={connection.id} className={connectionCardClass}>
			<ToastMessage toast={tester.data?.toast} />
			<div className="flex flex-wrap items-start justify-between gap-2">
				<h4 id={headingId} className="font-display min-w-0 font-bold break-words text-slate-950">
					{connection.name}
				</h4>
				<span className="flex flex-wrap gap-1.5">
					{inUse ? <InUseBadge /> : null}
					<Badge tone="brand">{modelsPage.storedBadge}</Badge>
				</span>
			</div>
			<ConnectionFacts
				connection={connection}
				noModel={connection.defaultModel ? card.defaultModel(connection.defaultModel) : card.noModel}
			/>
			{connection.keyReadable ? null : (
				<p
					role="status"
					data-testid="key-unreadable"
					className="mt-3 flex gap-2 rounded-2xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
				>
					<TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
					<span className="min-w-0">{card.keyUnreadable}</span>
				</p>
			)}
			<div aria-live="polite">
				{lastTest ? (
					<TestResult outcome={lastTest.outcome} message={lastTest.message} models={[]}>
						<p className="mt-1 text-xs opacity-80">
							<time dateTime={lastTest.at}>{card.testedAt(lastTest.ago)}</time>
						</p>
					</TestResult>
				) : (
					<NotTested />
				)}
				{waitsForPassingTest ? (
					<p data-testid="waits-for-test" className="mt-2 text-sm font-medium text-amber-800">
						{card.waitsForPassingTest}
					</p>
				) : null}
			</div>
			<OfferedModels models={connection.models} />
			<p data-testid="used-by" className="mt-3 text-xs text-slate-600">
				{connection.purpose === 'chat' ? card.usedBy(connection.usedBy) : card.usedForVoice(inUse, voiceAssistants)}
			</p>
			<div className="mt-4 flex flex-wrap items-center gap-2">
				<tester.Form method="post">
					<input type="hidden" name="intent" value="test" />
					<input type="hidden" name="connectionId" value={connection.id} />
					<TestButton pending={tester.state !== 'idle'} label={connection.name} />
				</tester.Form>
				{removing ? null : (
					<DeleteStep
						confirming={false}
						askTo={removeAsk}
						askLabel={card.remove}
						askAriaLabel={`${card.remove} ${connection.name}`}
						{...confirmation}
					/>
				)}
			</div>
			{/* Asked by URL, confirmed by a post, as every removal in the Playground (ADR 0048). */}
			{removing ? <DeleteConfirmation {...confirmation} cancelTo={`${MODELS_PATH}#${cardId}`} /> : null}
			<ChangeForm key={connection.updatedAt} connection={connection} posted={posted} />
		</li>
	)
}

/** Change: the name, the model (from the offered ones when known) and a new key; an empty key keeps the stored one. */
function ChangeForm({ connection, posted }: { connection: StoredConnectionView; posted: UpdateFormData | null }) {
	const fetcher = useFetcher<ModelsActionData>()
	const { clientErrors, validate } = useClientValidation(UpdateConnectionSchema, (errors) =>
		showToast({ type: 'error', title: changeCopy.failed, description: Object.values(errors)[0] }),
	)
	const returned = fetcher.data?.form?.kind === 'update' ? fetcher.data.form : posted
	const errors = clientErrors ?? returned?.errors ?? {}
	const values = returned?.values ?? { name: connection.name, model: connection.model ?? '' }
	const pending = fetcher.state !== 'idle'
	const id = (field: string) => `connection-${connection.id}-${field}`
	// The offered models to choose from, with the current one even when the provider no longer lists it.
	const offered = connection.models.length > 0 ? [...new Set([...connection.models, values.model].filter(Boolean))] : []
	return (
		<details className="group mt-4 border-t border-slate-100 pt-3" open={returned ? true : undefined}>
			<summary className="inline-flex cursor-pointer items-center gap-1.5 rounded-full text-sm font-semibold text-slate-700 hover:text-slate-950">
				<Pencil className="size-3.5" aria-hidden />
				{card.change}
				<span className="sr-only"> {connection.name}</span>
			</summary>
			<ToastMessage toast={fetcher.data?.toast} />
			<fetcher.Form method="post" action={MODELS_PATH} noValidate onSubmit={validate} className="mt-3 space-y-4">
				<input type="hidden" name="intent" value="update" />
				<input type="hidden" name="connectionId" value={connection.id} />
				<Field
					id={id('name')}
					label={changeCopy.name}
					name="name"
					defaultValue={values.name}
					maxLength={60}
					error={errors.name}
				/>
				{offered.length > 0 ? (
					<SelectField
						id={id('model')}
						label={changeCopy.model}
						name="model"
						defaultValue={values.model}
						options={[
							{
								value: '',
								label: connection.defaultModel ? changeCopy.defaultModel(connection.defaultModel) : changeCopy.noModel,
							},
							...offered.map((m) => ({ value: m, label: m })),
						]}
						error={errors.model}
					/>
				) : (
					<Field
						id={id('model')}
						label={changeCopy.model}
						name="model"
						defaultValue={values.model}
						maxLength={MODEL_NAME_MAX}
						hint={changeCopy.modelHint}
						error={errors.model}
						autoComplete="off"
						spellCheck={false}
					/>
				)}
				<Field
					id={id('key')}
					label={changeCopy.apiKey}
					name="apiKey"
					type="password"
					autoComplete="off"
					spellCheck={false}
					placeholder={connection.keyHint}
					hint={changeCopy.apiKeyHint}
					error={errors.apiKey}
				/>
				<Button type="submit" size="sm" disabled={pending}>
					{pending ? (
						<>
							<Spinner className="size-4" /> {changeCopy.submitting}
						</>
					) : (
						changeCopy.submit
					)}
				</Button>
			</fetcher.Form>
		</details>
	)
}
