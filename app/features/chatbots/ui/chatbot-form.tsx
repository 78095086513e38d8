import { FileText, Globe, Loader2, PenLine, Upload, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Form, useFetcher, useNavigation } from 'react-router'
// The chatbot creation (and edit) form. One multipart form: without JavaScript, "Add file" and
// "Import" post it and the page comes back with the text appended; with JavaScript, files are read
// by a fetcher and websites through /api/scrape while the rest of the form stays as typed.
import { modelCopy } from '~/ai/model-notice.ts'
import { showToast } from '~/components/toast-message.tsx'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, TextareaField } from '~/components/ui/field.tsx'
import {
	chatbotFormSchemaFor,
	chatbotRequired,
	MAX_PENDING_SITES,
	type BuilderActionData,
	type BuilderErrors,
	type BuilderValues,
} from '~/features/chatbots/chatbot-schema.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import {
	ACCEPT_ATTRIBUTE,
	ACCEPTED_UPLOAD_EXTENSIONS,
	appendKnowledge,
	MAX_KNOWLEDGE_CHARS,
	MAX_UPLOAD_BYTES,
} from '~/features/chatbots/knowledge-base.ts'
import { WebsiteSourceSchema } from '~/features/chatbots/sources/source-schema.ts'
import { ScopeChoice, SourceTile, type ImportScope } from '~/features/chatbots/ui/source-tile.tsx'
import { formProblemToast } from '~/lib/forms.ts'
import { formatMegabytes } from '~/lib/misc.ts'
import { useClientValidation } from '~/lib/use-client-validation.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'

const { form: copy, toasts, sources: sourceCopy } = chatbotBuilder

function fileProblem(file: File) {
	const name = file.name.toLowerCase()
	if (!ACCEPTED_UPLOAD_EXTENSIONS.some((extension) => name.endsWith(extension)))
		return `${file.name}: Choose a ${ACCEPTED_UPLOAD_EXTENSIONS.join(', ')} file.`
	if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is larger than ${formatMegabytes(MAX_UPLOAD_BYTES)}.`
	if (file.size === 0) return `${file.name}: The file is empty.`
	return null
}

export function ChatbotForm({
	mode,
	initial,
	actionData,
	title,
	cancelTo = '/playground',
	hasOtherSources = false,
}: {
	mode: 'create' | 'edit'
	initial: BuilderValues
	actionData: BuilderActionData | undefined
	title?: string
	cancelTo?: string
	/** Edit: the chatbot has files or websites, so its typed text may be empty. */
	hasOtherSources?: boolean
}) {
	const id = useId()
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const upload = useFetcher<BuilderActionData>()
	const values = actionData?.values ?? initial
	const errors: BuilderErrors = actionData?.errors ?? {}
	const [knowledge, setKnowledge] = useState(values.knowledgeBase)
	const [url, setUrl] = useState(values.url)
	const [scope, setScope] = useState<ImportScope>('page')
	const [sites, setSites] = useState(values.sites)
	const [importing, setImporting] = useState(false)
	const schema = chatbotFormSchemaFor(mode === 'create' ? sites.length > 0 : hasOtherSources)
	const { clientErrors, validate } = useClientValidation(schema, (found) =>
		showToast({
			id: 'chatbot-form',
			...formProblemToast(found, toasts.missing, toasts.createFailed.title, chatbotRequired),
		}),
	)
	const fileRef = useRef<HTMLInputElement>(null)
	const shown = { ...errors, ...clientErrors }
	// Cancel with knowledge that is not saved asks first (with JavaScript; without it, Cancel is a link).
	const [confirmingCancel, setConfirmingCancel] = useState(false)
	const unsaved = knowledge.trim() !== initial.knowledgeBase.trim()

	// A full post (no JavaScript, or a failed create) comes back with the text as the server has it.
	useEffect(() => {
		if (actionData) {
			setKnowledge(actionData.values.knowledgeBase)
			setUrl(actionData.values.url)
			setSites(actionData.values.sites)
		}
	}, [actionData])

	// Files read by the fetcher: append what came back to whatever is in the box now.
	useEffect(() => {
		const result = upload.data
		if (upload.state !== 'idle' || !result) return
		if (result.added) setKnowledge((current) => appendKnowledge(current, result.added!))
		if (result.toast) showToast(result.toast)
	}, [upload.state, upload.data])

	const submittingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
	const uploading = upload.state !== 'idle' || submittingIntent === 'upload'
	const busyImport = importing || submittingIntent === 'import'
	const saving = submittingIntent === 'create' || submittingIntent === 'update'

	function uploadFiles(files: FileList | null) {
		if (!files || files.length === 0) return
		const problem = [...files].map(fileProblem).find(Boolean)
		if (problem) {
			showToast({
				id: 'chatbot-upload',
				type: 'error',
				title: toasts.uploadFailed.title,
				description: `${toasts.uploadFailed.description}. ${problem}`,
			})
		} else {
			const body = new FormData()
			body.set('intent', 'upload')
			for (const file of files) body.append('file', file)
			void upload.submit(body, { method: 'post', encType: 'multipart/form-data', action: '/playground?index' })
		}
		// The files are read now; they must not be sent again with "Create Chatbot".
		if (fileRef.current) fileRef.current.value = ''
	}

	/** "The whole site" before the chatbot exists: it joins the list imported on create. */
	function addPendingSite() {
		const parsed = WebsiteSourceSchema.safeParse({ url, scope: 'site' })
		if (!parsed.success) {
			showToast({
				id: 'chatbot-import',
				type: 'error',
				title: toasts.importFailed.title,
				description: `${toasts.importFailed.description} ${parsed.error.issues[0].message}`,
			})
			return
		}
		if (sites.length >= MAX_PENDING_SITES) {
			showToast({
				id: 'chatbot-import',
				type: 'error',
				title: toasts.importFailed.title,
				description: `Add at most ${MAX_PENDING_SITES} sites now; add more from the chatbot's page.`,
			})
			return
		}
		setSites((current) => [...new Set([...current, parsed.data.url])])
		setUrl('')
		showToast({ type: 'success', title: sourceCopy.pendingAdded })
	}

	async function importWebsite() {
		const address = url.trim()
		if (!address || importing) return
		if (scope === 'site') return addPendingSite()
		setImporting(true)
		try {
			const response = await fetch(`/api/scrape?url=${encodeURIComponent(address)}`)
			const body = (await response.json().catch(() => ({}))) as { content?: string; error?: string }
			if (!response.ok || !body.content) {
				showToast({
					id: 'chatbot-import',
					type: 'error',
					title: toasts.importFailed.title,
					description: `${toasts.importFailed.description}${body.error ? ` ${body.error}` : ''}`,
				})
				return
			}
			setKnowledge((current) => appendKnowledge(current, body.content!))
			setUrl('')
			showToast({ type: 'success', title: toasts.websiteImported })
		} catch {
			showToast({ id: 'chatbot-import', type: 'error', ...toasts.importFailed })
		} finally {
			setImporting(false)
		}
	}

	return (
		<Form
			method="post"
			encType="multipart/form-data"
			aria-labelledby={`${id}-title`}
			className="@container rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
			onSubmit={(event) => {
				const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
				// Only saving needs a name and knowledge; "Add file" and "Import" post whatever is there.
				if (submitter?.value === 'create' || submitter?.value === 'update') validate(event)
			}}
		>
			<h3 id={`${id}-title`} className="font-display text-xl font-bold text-slate-950">
				{title ?? (mode === 'edit' ? copy.editTitle : copy.createTitle)}
			</h3>
			{mode === 'edit' ? <input type="hidden" name="id" value={values.id} /> : null}

			{sites.map((site) => (
				<input key={site} type="hidden" name="site" value={site} />
			))}
			{/* On a chatbot's own page, files and websites are sources of their own (KnowledgeSources). */}
			{mode === 'edit' ? null : (
				<fieldset className="mt-6">
					<legend className="text-sm font-semibold text-slate-900">{copy.sources}</legend>
					<div className="mt-3 grid gap-4 @xl:grid-cols-3">
						<SourceTile icon={Upload} title={copy.uploadLabel}>
							<label htmlFor={`${id}-file`} className="sr-only">
								{copy.uploadLabel}
							</label>
							<input
								id={`${id}-file`}
								ref={fileRef}
								type="file"
								name="file"
								multiple
								accept={ACCEPT_ATTRIBUTE}
								aria-describedby={`${id}-file-hint`}
								onChange={hydrated ? (event) => uploadFiles(event.currentTarget.files) : undefined}
								className="file:bg-brand-50 file:text-brand-700 hover:file:bg-brand-100 block w-full text-sm text-slate-600 file:mr-3 file:rounded-full file:border-0 file:px-3 file:py-1.5 file:text-sm file:font-semibold"
							/>
							<p id={`${id}-file-hint`} className="text-xs text-slate-500">
								{copy.uploadHint}
							</p>
							{hydrated ? (
								uploading ? (
									<p role="status" className="text-brand-700 inline-flex items-center gap-2 text-sm font-medium">
										<Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
										{copy.uploading}
									</p>
								) : null
							) : (
								<Button
									type="submit"
									name="intent"
									value="upload"
									formNoValidate
									variant="secondary"
									size="sm"
									className="mt-auto self-start"
								>
									<FileText className="size-4" aria-hidden />
									{copy.uploadButton}
								</Button>
							)}
						</SourceTile>

						<SourceTile icon={Globe} title={copy.importLabel}>
							<Field
								label={copy.importLabel}
								hideLabel
								name="url"
								type="text"
								inputMode="url"
								autoComplete="url"
								placeholder={copy.importPlaceholder}
								value={url}
								onChange={(event) => setUrl(event.target.value)}
								onKeyDown={(event) => {
									if (event.key === 'Enter' && hydrated) {
										event.preventDefault()
										void importWebsite()
									}
								}}
								error={shown.url}
							/>
							<ScopeChoice value={scope} onChange={setScope} />
							<Button
								type="submit"
								name="intent"
								value="import"
								formNoValidate
								disabled={busyImport}
								onClick={
									hydrated
										? (event) => {
												event.preventDefault()
												void importWebsite()
											}
										: undefined
								}
								variant="secondary"
								size="sm"
								className="mt-auto self-start"
							>
								{busyImport ? (
									<Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
								) : (
									<Globe className="size-4" aria-hidden />
								)}
								{busyImport ? copy.importing : copy.importButton}
							</Button>
						</SourceTile>

						<SourceTile icon={PenLine} title={copy.directLabel}>
							<p className="text-sm text-slate-600">{copy.directHint}</p>
						</SourceTile>
					</div>
					{sites.length > 0 ? (
						<div className="mt-4">
							<p id={`${id}-sites`} className="text-sm font-medium text-slate-800">
								{sourceCopy.pendingSites}
							</p>
							<ul aria-labelledby={`${id}-sites`} className="mt-2 flex flex-wrap gap-2">
								{sites.map((site) => (
									<li
										key={site}
										className="bg-brand-50 text-brand-800 ring-brand-200 inline-flex max-w-full items-center gap-1.5 rounded-full py-1 pr-1 pl-3 text-sm ring-1"
									>
										<Globe className="size-3.5 shrink-0" aria-hidden />
										<span className="truncate">{site}</span>
										{hydrated ? (
											<button
												type="button"
												onClick={() => setSites((current) => current.filter((s) => s !== site))}
												className="hover:bg-brand-100 focus-visible:ring-brand-500 grid size-6 shrink-0 place-items-center rounded-full focus-visible:ring-2 focus-visible:outline-none"
												aria-label={sourceCopy.removePending(site)}
											>
												<X className="size-3.5" aria-hidden />
											</button>
										) : null}
									</li>
								))}
							</ul>
						</div>
					) : null}
				</fieldset>
			)}

			<TextareaField
				className="mt-6"
				controlClassName="min-h-48 font-mono"
				label={copy.knowledgeLabel}
				name="knowledgeBase"
				rows={10}
				value={knowledge}
				onChange={(event) => setKnowledge(event.target.value)}
				placeholder={copy.knowledgePlaceholder}
				error={shown.knowledgeBase}
				hint={
					<p className="mt-1.5 text-right text-xs text-slate-500 tabular-nums">
						{knowledge.length.toLocaleString('en-US')} / {MAX_KNOWLEDGE_CHARS.toLocaleString('en-US')} characters
					</p>
				}
			/>
			<Field
				className="mt-4"
				label={copy.nameLabel}
				name="name"
				defaultValue={values.name}
				maxLength={100}
				placeholder={copy.namePlaceholder}
				error={shown.name}
			/>
			<TextareaField
				className="mt-4"
				label={copy.systemPromptLabel}
				name="systemPrompt"
				rows={3}
				defaultValue={values.systemPrompt}
				maxLength={4000}
				error={shown.systemPrompt}
				hint={modelCopy.instructionsApply}
			/>

			{confirmingCancel ? (
				<div
					role="alertdialog"
					aria-labelledby={`${id}-discard`}
					className="mt-6 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200"
				>
					<p id={`${id}-discard`} className="text-sm font-medium text-amber-950">
						{copy.discardQuestion}
					</p>
					<div className="mt-3 flex flex-wrap gap-2">
						<ButtonLink to={cancelTo} variant="danger" size="sm">
							{copy.discard}
						</ButtonLink>
						<Button variant="secondary" size="sm" autoFocus onClick={() => setConfirmingCancel(false)}>
							{copy.keepEditing}
						</Button>
					</div>
				</div>
			) : null}

			<div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
				<ButtonLink
					to={cancelTo}
					variant="secondary"
					onClick={(event) => {
						if (!unsaved || confirmingCancel) return
						event.preventDefault()
						setConfirmingCancel(true)
					}}
				>
					{copy.cancel}
				</ButtonLink>
				<Button type="submit" name="intent" value={mode === 'edit' ? 'update' : 'create'} disabled={saving}>
					{saving ? <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden /> : null}
					{mode === 'edit' ? (saving ? copy.saving : copy.save) : saving ? copy.creating : copy.create}
				</Button>
			</div>
		</Form>
	)
}
