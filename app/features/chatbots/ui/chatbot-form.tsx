import { FileText, Globe, PenLine, Upload, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Form, useFetcher, useFormAction, useNavigation } from 'react-router'
// The chatbot creation (and edit) form. One multipart form: the files chosen in it are sent with
// "Create Chatbot" and become sources of the new chatbot, read by a job like "Add file" on its page
// (docs/decisions/0039-one-knowledge-pipeline.md); with JavaScript they are listed (and can be taken
// off) first. Without JavaScript "Import" posts the form and the page comes back with the text
// appended (a page) or the site listed; with it, pages are read through /api/scrape and a whole site
// is posted on its own to the same "Import", which refuses one its crawl is sure to refuse, while the
// rest of the form stays as typed.
import { modelCopy } from '~/ai/model-notice.ts'
import { BuilderCardTitle, builderCardClass, SaveButton } from '~/components/playground/builder-parts.tsx'
import { showToast, ToastMessage } from '~/components/toast-message.tsx'
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
	ACCEPTED_UPLOAD_EXTENSIONS,
	appendKnowledge,
	MAX_KNOWLEDGE_CHARS,
	MAX_UPLOAD_BYTES,
	MAX_UPLOAD_FILES,
} from '~/features/chatbots/knowledge-base.ts'
import { WebsiteSourceSchema } from '~/features/chatbots/sources/source-schema.ts'
import { formProblemToast } from '~/lib/forms.ts'
import { formatFileSize } from '~/lib/misc.ts'
import { useClientValidation } from '~/lib/use-client-validation.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { ScopeChoice, SourceButton, SourceFilesInput, SourceTile, type ImportScope } from './source-tile.tsx'

const { form: copy, toasts, sources: sourceCopy } = chatbotBuilder

function fileProblem(file: File) {
	const name = file.name.toLowerCase()
	if (!ACCEPTED_UPLOAD_EXTENSIONS.some((extension) => name.endsWith(extension)))
		return `${file.name}: Choose a ${ACCEPTED_UPLOAD_EXTENSIONS.join(', ')} file.`
	if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is larger than ${formatFileSize(MAX_UPLOAD_BYTES)}.`
	if (file.size === 0) return `${file.name}: The file is empty.`
	return null
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified

/** Puts `files` in the file input, so the form's own post (with or without a fetch) sends exactly them. */
function setInputFiles(input: HTMLInputElement | null, files: File[]) {
	if (!input) return
	const transfer = new DataTransfer()
	for (const file of files) transfer.items.add(file)
	input.files = transfer.files
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
	const values = actionData?.values ?? initial
	const errors: BuilderErrors = actionData?.errors ?? {}
	const [knowledge, setKnowledge] = useState(values.knowledgeBase)
	const [url, setUrl] = useState(values.url)
	const [scope, setScope] = useState<ImportScope>('page')
	const [sites, setSites] = useState(values.sites)
	const [importing, setImporting] = useState(false)
	/** "The whole site" with JavaScript: the server's answer to that site alone (listed, or refused and why). */
	const siteCheck = useFetcher<BuilderActionData>()
	const formAction = useFormAction()
	const [checkingSite, setCheckingSite] = useState('')
	/** The files chosen so far (JavaScript): sources of the chatbot once it is created. */
	const [files, setFiles] = useState<File[]>([])
	const schema = chatbotFormSchemaFor(mode === 'create' ? sites.length > 0 || files.length > 0 : hasOtherSources)
	const { clientErrors, validate } = useClientValidation(schema, (found) =>
		showToast({
			id: 'chatbot-form',
			...formProblemToast(found, toasts.missing, toasts.createFailed.title, chatbotRequired),
		}),
	)
	const fileRef = useRef<HTMLInputElement>(null)
	// The address's problem is the newer answer's: the form's post or the site's own check.
	const [urlError, setUrlError] = useState(errors.url)
	const shown = { ...errors, url: urlError, ...clientErrors }
	// Cancel with knowledge that is not saved asks first (with JavaScript; without it, Cancel is a link).
	const [confirmingCancel, setConfirmingCancel] = useState(false)
	const unsaved = knowledge.trim() !== initial.knowledgeBase.trim() || files.length > 0
	// Without JavaScript a page that comes back has an empty file input: name what to choose again.
	const unsentFiles = hydrated ? [] : (actionData?.unsentFiles ?? [])

	// A full post (no JavaScript, or a failed create) comes back with the text as the server has it.
	useEffect(() => {
		if (actionData) {
			setKnowledge(actionData.values.knowledgeBase)
			setUrl(actionData.values.url)
			setSites(actionData.values.sites)
			setUrlError(actionData.errors.url)
		}
	}, [actionData])
	useEffect(() => {
		if (siteCheck.data) setUrlError(siteCheck.data.errors.url)
	}, [siteCheck.data])

	const submittingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
	const busyImport = importing || siteCheck.state !== 'idle' || submittingIntent === 'import'

	// The server listed the site (its answer's list has it): it joins the list as it is now, not as sent.
	useEffect(() => {
		const answer = siteCheck.data
		if (siteCheck.state !== 'idle' || !checkingSite || !answer || answer.toast?.type === 'error') return
		if (!answer.values.sites.includes(checkingSite)) return
		setSites((current) => [...new Set([...current, checkingSite])])
		setUrl('')
		setCheckingSite('')
	}, [siteCheck.state, siteCheck.data, checkingSite])
	const saving = submittingIntent === 'create' || submittingIntent === 'update'

	/** Files chosen in the input join the list (a bad one is refused with the reason, and none joins). */
	function chooseFiles(input: HTMLInputElement) {
		const chosen = [...(input.files ?? [])]
		let next = files
		const problem = chosen.map(fileProblem).find(Boolean)
		const merged = [...files.filter((file) => !chosen.some((other) => sameFile(file, other))), ...chosen]
		const refuse = (reason: string) =>
			showToast({
				id: 'chatbot-upload',
				type: 'error',
				title: toasts.uploadFailed.title,
				description: `${toasts.uploadFailed.description}. ${reason}`,
			})
		if (chosen.length === 0) next = files
		else if (problem) refuse(problem)
		else if (merged.length > MAX_UPLOAD_FILES) refuse(`Add at most ${MAX_UPLOAD_FILES} files at a time.`)
		else {
			next = merged
			showToast({ type: 'success', title: sourceCopy.pendingFileAdded(chosen.length) })
		}
		setFiles(next)
		// The input holds the whole list (a new choice would otherwise replace the earlier files).
		setInputFiles(input, next)
	}

	function removeFile(file: File) {
		const next = files.filter((other) => other !== file)
		setFiles(next)
		setInputFiles(fileRef.current, next)
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
		// Only the server knows which addresses a crawl may reach: it says whether this one will be refused.
		const form = new FormData()
		form.set('intent', 'import')
		form.set('scope', 'site')
		form.set('url', parsed.data.url)
		for (const site of sites) form.append('site', site)
		setCheckingSite(parsed.data.url)
		void siteCheck.submit(form, { method: 'post', action: formAction, encType: 'multipart/form-data' })
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
			className={builderCardClass}
			onSubmit={(event) => {
				const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
				// Only saving needs a name and knowledge; "Add file" and "Import" post whatever is there.
				if (submitter?.value === 'create' || submitter?.value === 'update') validate(event)
			}}
		>
			<ToastMessage toast={siteCheck.data?.toast} />
			<BuilderCardTitle id={`${id}-title`}>
				{title ?? (mode === 'edit' ? copy.editTitle : copy.createTitle)}
			</BuilderCardTitle>
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
							<SourceFilesInput
								id={`${id}-file`}
								ref={fileRef}
								label={copy.uploadLabel}
								hint={`${copy.uploadHint} ${copy.uploadOnCreate}`}
								onChange={hydrated ? (event) => chooseFiles(event.currentTarget) : undefined}
							/>
							{unsentFiles.length > 0 ? (
								<p role="alert" className="text-sm font-medium text-amber-800">
									{copy.chooseAgain(unsentFiles)}
								</p>
							) : null}
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
							<SourceButton
								name="intent"
								value="import"
								formNoValidate
								busy={busyImport}
								icon={Globe}
								onClick={
									hydrated
										? (event) => {
												event.preventDefault()
												void importWebsite()
											}
										: undefined
								}
							>
								{busyImport ? copy.importing : copy.importButton}
							</SourceButton>
						</SourceTile>

						<SourceTile icon={PenLine} title={copy.directLabel}>
							<p className="text-sm text-slate-600">{copy.directHint}</p>
						</SourceTile>
					</div>
					<PendingList
						label={sourceCopy.pendingFiles}
						icon={FileText}
						items={files.map((file) => ({
							key: `${file.name}:${file.size}:${file.lastModified}`,
							text: file.name,
							detail: formatFileSize(file.size),
							removeLabel: sourceCopy.removePendingFile(file.name),
							remove: () => removeFile(file),
						}))}
					/>
					<PendingList
						label={sourceCopy.pendingSites}
						icon={Globe}
						items={sites.map((site) => ({
							key: site,
							text: site,
							removeLabel: sourceCopy.removePending(site),
							remove: hydrated ? () => setSites((current) => current.filter((s) => s !== site)) : undefined,
						}))}
					/>
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
				<SaveButton mode={mode} busy={saving} copy={copy} name="intent" value={mode === 'edit' ? 'update' : 'create'} />
			</div>
		</Form>
	)
}

type PendingItem = { key: string; text: string; detail?: string; removeLabel: string; remove?: () => void }

/** Sources the create form will add when the chatbot is created (files, whole sites), each removable. */
function PendingList({ label, icon: Icon, items }: { label: string; icon: typeof Globe; items: PendingItem[] }) {
	const id = useId()
	if (items.length === 0) return null
	return (
		<div className="mt-4">
			<p id={id} className="text-sm font-medium text-slate-800">
				{label}
			</p>
			<ul aria-labelledby={id} className="mt-2 flex flex-wrap gap-2">
				{items.map((item) => (
					<li
						key={item.key}
						className="bg-brand-50 text-brand-800 ring-brand-200 inline-flex max-w-full items-center gap-1.5 rounded-full py-1 pr-1 pl-3 text-sm ring-1"
					>
						<Icon className="size-3.5 shrink-0" aria-hidden />
						<span className="truncate">{item.text}</span>
						{item.detail ? <span className="text-brand-700 shrink-0 text-xs tabular-nums">{item.detail}</span> : null}
						{item.remove ? (
							<button
								type="button"
								onClick={item.remove}
								className="hover:bg-brand-100 focus-visible:ring-brand-500 grid size-6 shrink-0 place-items-center rounded-full focus-visible:ring-2 focus-visible:outline-none"
								aria-label={item.removeLabel}
							>
								<X className="size-3.5" aria-hidden />
							</button>
						) : null}
					</li>
				))}
			</ul>
		</div>
	)
}
