// The Model section of a chatbot's and a voice assistant's page: which model answers, its
// temperature and the offline fallback, with the chosen model's latest failure in words. A plain
// form post (intent save-model), so it works without JavaScript; with it, the schema checks first.
import { Cpu, TriangleAlert } from 'lucide-react'
import { Form, useNavigation } from 'react-router'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { showToast } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { Spinner } from '~/components/ui/spinner.tsx'
import { modelChoiceCopy as copy } from '~/features/models/copy.ts'
import { ModelChoiceSchema } from '~/features/models/model-choice-schema.ts'
import type { ModelChoiceView } from '~/features/models/model-choice.server.ts'
import type { FieldErrors } from '~/lib/forms.ts'
import { useClientValidation } from '~/lib/use-client-validation.ts'

export function ModelChoiceCard({
	pagePath,
	view,
	errors: serverErrors,
}: {
	pagePath: string
	view: ModelChoiceView
	errors?: FieldErrors
}) {
	const { clientErrors, validate } = useClientValidation(ModelChoiceSchema, (errors) =>
		showToast({ id: 'model-save', type: 'error', title: copy.saveFailed, description: Object.values(errors)[0] }),
	)
	const errors = clientErrors ?? serverErrors ?? {}
	const navigation = useNavigation()
	const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save-model'
	return (
		<WorkspaceSection id="model" title={copy.title}>
			<p className="mt-1 text-sm text-slate-600">{copy.description}</p>
			<p className="mt-3 inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
				<Cpu className="size-4 text-slate-500" aria-hidden />
				<span data-testid="model-answering">{copy.answeringNow(view.current.label)}</span>
			</p>
			{view.failure ? (
				<div
					role="status"
					data-testid="model-failure"
					className="mt-4 flex gap-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
				>
					<TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
					<div className="min-w-0">
						<p className="font-semibold">
							{copy.failure} <time dateTime={view.failure.at}>({copy.failureAt(view.failure.ago)})</time>
						</p>
						<p className="mt-1 break-words">{view.failure.message}</p>
						<p className="mt-1 text-amber-800">
							{view.offlineFallback ? copy.failureFallback : copy.failureApology} {copy.failureFix}
						</p>
					</div>
				</div>
			) : null}
			<Form method="post" action={pagePath} onSubmit={validate} noValidate className="mt-5 space-y-4">
				<input type="hidden" name="intent" value="save-model" />
				<div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
					<SelectField
						label={copy.model}
						name="model"
						defaultValue={view.value}
						options={view.options}
						error={errors.model}
					/>
					<Field
						label={copy.temperature}
						name="temperature"
						type="number"
						inputMode="decimal"
						min={0}
						max={2}
						step={0.1}
						defaultValue={String(view.temperature)}
						error={errors.temperature}
					/>
				</div>
				<p className="text-xs text-slate-500">{copy.temperatureHint}</p>
				<label className="flex items-start gap-3 text-sm text-slate-800">
					<input
						type="checkbox"
						name="offlineFallback"
						defaultChecked={view.offlineFallback}
						className="accent-brand-600 mt-0.5 size-4 shrink-0"
					/>
					<span>{copy.fallback}</span>
				</label>
				<Button type="submit" disabled={saving}>
					{saving ? (
						<>
							<Spinner className="size-4" /> {copy.saving}
						</>
					) : (
						copy.save
					)}
				</Button>
			</Form>
		</WorkspaceSection>
	)
}
