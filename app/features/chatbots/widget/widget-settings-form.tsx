// The Widget section of a chatbot's page: the widget's look and allowed sites, with a live preview
// that follows every change before it is saved. A plain form post (intent save-widget), so it works
// without JavaScript; with it, the same schema checks the form before it is sent.
import { AlertTriangle } from 'lucide-react'
import { useState, type CSSProperties } from 'react'
import { Form, useNavigation } from 'react-router'
import { MessageBubble } from '~/components/chat/chat-thread.tsx'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { showToast } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, FileField, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { Spinner } from '~/components/ui/spinner.tsx'
import { TextList } from '~/components/ui/text-list.tsx'
import { LEAD_FIELD_STATES, LEAD_FORM_MODES } from '~/features/chatbots/conversations/conversation-schema.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import type { FieldErrors } from '~/lib/forms.ts'
import { cn } from '~/lib/misc.ts'
import { useClientValidation } from '~/lib/use-client-validation.ts'
import { WIDGET_ICON, WidgetHeader, WidgetLauncher } from './widget-parts.tsx'
import {
	appearanceOf,
	contrastRatio,
	LAUNCHER_POSITIONS,
	originAllowed,
	sitePattern,
	textColorOn,
	WIDGET_ICONS,
	widgetTheme,
	WidgetSettingsSchema,
	type WidgetSettingsValues,
} from './widget-settings.ts'

const { widget: copy, preview: previewCopy } = chatbotBuilder

/** A choice (icon, position) as a tile that shows when it is checked or focused. */
const CHOICE =
	'has-[:checked]:ring-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-brand-500 cursor-pointer rounded-xl bg-white ring-1 ring-slate-300 has-[:checked]:ring-2 has-[:focus-visible]:ring-2'

/** How a choice tile looks: an icon alone (its name for screen readers), or a visible radio and its label. */
const CHOICE_LOOKS = {
	icon: { tile: 'grid size-11 place-items-center text-slate-700', input: 'sr-only' },
	labelled: { tile: 'inline-flex items-center gap-2 px-3.5 py-2.5 text-sm text-slate-800', input: 'accent-brand-600' },
}

/** One of a few options (an icon, a position), each a tile around its radio button. */
function ChoiceTiles<Option extends string>({
	legend,
	look,
	name,
	value,
	onChange,
	options,
	className,
	children,
}: {
	legend: string
	look: keyof typeof CHOICE_LOOKS
	name: keyof WidgetSettingsValues
	value: string
	onChange: (event: { target: { value: string } }) => void
	options: readonly Option[]
	className?: string
	children: (option: Option) => React.ReactNode
}) {
	const { tile, input } = CHOICE_LOOKS[look]
	return (
		<fieldset className={className}>
			<legend className="block text-sm font-medium text-slate-800">{legend}</legend>
			<div className="mt-1.5 flex flex-wrap gap-2">
				{options.map((option) => (
					<label key={option} className={cn(CHOICE, tile)}>
						<input
							type="radio"
							name={name}
							value={option}
							checked={value === option}
							onChange={onChange}
							className={input}
						/>
						{children(option)}
					</label>
				))}
			</div>
		</fieldset>
	)
}

/**
 * Whether the sites as typed would let `origin` show the chat: then the warning about it goes as
 * soon as the owner adds it (an empty list allows every site).
 */
function allowedAsTyped(typed: string, origin: string) {
	const patterns = typed.split(/\r?\n/).flatMap((line) => sitePattern(line) ?? [])
	return patterns.length === 0 || originAllowed(origin, patterns)
}

export type WidgetActionData = { widget: { values: WidgetSettingsValues; errors: FieldErrors } }

/** The preview's appearance from the form as typed (what does not parse yet keeps its saved value). */
function previewAppearance(values: WidgetSettingsValues, saved: WidgetSettingsValues) {
	const parsed = WidgetSettingsSchema.safeParse(values)
	const fallback = WidgetSettingsSchema.safeParse(saved)
	const { allowedSites: _sites, ...appearance } = parsed.success ? parsed.data : fallback.success ? fallback.data : {}
	return appearanceOf(appearance)
}

/** The widget as a visitor first sees it: the welcome, then the chatbot's own suggested questions (if any). */
export function WidgetPreview({
	values,
	saved,
	name,
	picture,
}: {
	values: WidgetSettingsValues
	saved: WidgetSettingsValues
	name: string
	picture: string | null
}) {
	const appearance = previewAppearance(values, saved)
	return (
		<figure aria-label={copy.previewLabel} className="@3xl:sticky @3xl:top-24">
			<div
				className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-slate-100 to-slate-200 p-4 pb-24 ring-1 ring-slate-200"
				style={widgetTheme(appearance.brandColor) as CSSProperties}
				data-testid="widget-preview"
			>
				<div
					className={cn(
						'flex max-w-[340px] flex-col overflow-hidden rounded-2xl bg-white shadow-xl',
						appearance.launcherPosition === 'left' ? 'mr-auto' : 'ml-auto',
					)}
				>
					<WidgetHeader appearance={appearance} name={name} picture={picture} headingLevel="p" />
					<ol className="space-y-3 bg-slate-50 px-4 py-4">
						<MessageBubble
							message={{ id: 'w', role: 'assistant', text: appearance.welcomeMessage || previewCopy.greeting(name) }}
							assistantName={name}
						/>
					</ol>
					{appearance.suggestedQuestions.length > 0 ? (
						<TextList
							items={appearance.suggestedQuestions}
							className="flex flex-wrap gap-2 bg-slate-50 px-4 pb-3"
							itemClassName="border-brand-200 text-brand-700 rounded-full border bg-white px-3 py-1.5 text-xs font-medium [overflow-wrap:anywhere]"
						/>
					) : null}
					<p className="truncate border-t border-slate-200 px-4 py-3 text-sm text-slate-500">
						{appearance.placeholder || chatbotBuilder.embed.inputLabel(name)}
					</p>
				</div>
				<WidgetLauncher
					appearance={appearance}
					className={cn('absolute bottom-4', appearance.launcherPosition === 'left' ? 'left-4' : 'right-4')}
				/>
			</div>
		</figure>
	)
}

/** The picture: its own form (a file upload), beside the preview it shows in. */
function AvatarForm({ pagePath, picture }: { pagePath: string; picture: string | null }) {
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && String(navigation.formData?.get('intent')).startsWith('widget-avatar')
	return (
		<Form
			method="post"
			action={pagePath}
			encType="multipart/form-data"
			className="mt-4 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200"
		>
			<FileField
				id="widget-avatar"
				label={copy.avatar}
				hint={copy.avatarHint}
				name="file"
				accept="image/png,image/jpeg"
			/>
			<div className="mt-3 flex flex-wrap gap-2">
				<Button type="submit" name="intent" value="widget-avatar" size="sm" variant="secondary" disabled={busy}>
					{copy.avatarUpload}
				</Button>
				{picture ? (
					<Button type="submit" name="intent" value="widget-avatar-remove" size="sm" variant="ghost" disabled={busy}>
						{copy.avatarRemove}
					</Button>
				) : null}
			</div>
		</Form>
	)
}

export function WidgetSettings({
	name,
	pagePath,
	saved,
	picture,
	actionData,
	seenOn = null,
}: {
	name: string
	pagePath: string
	saved: WidgetSettingsValues
	/** The uploaded picture's address, if there is one. */
	picture: string | null
	actionData?: WidgetActionData['widget']
	/** The last site the snippet was refused on (widget.server.ts refusedOriginToShow). */
	seenOn?: string | null
}) {
	const [values, setValues] = useState<WidgetSettingsValues>(actionData?.values ?? saved)
	const set = (field: keyof WidgetSettingsValues) => (event: { target: { value: string } }) =>
		setValues((current) => ({ ...current, [field]: event.target.value }))
	const { clientErrors, validate } = useClientValidation(WidgetSettingsSchema, (errors) =>
		showToast({ id: 'widget-save', type: 'error', title: copy.saveFailed, description: Object.values(errors)[0] }),
	)
	const errors = clientErrors ?? actionData?.errors ?? {}
	/** A text field's name, value, change handler and error. */
	const bind = (field: keyof WidgetSettingsValues) => ({
		name: field,
		value: values[field],
		onChange: set(field),
		error: errors[field],
	})
	/** A choice's name, the option chosen and its change handler. */
	const choose = (field: 'icon' | 'launcherPosition') => ({ name: field, value: values[field], onChange: set(field) })
	const navigation = useNavigation()
	const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save-widget'
	const color = /^#[0-9a-f]{6}$/i.test(values.brandColor) ? values.brandColor : saved.brandColor
	const text = textColorOn(color)
	return (
		<WorkspaceSection id="widget" title={copy.title}>
			<p className="mt-1 text-sm text-slate-600">{copy.intro}</p>
			{/* Sized by the section, not the window: beside the form when there is room, above it otherwise. */}
			<div className="@container mt-6">
				<div className="grid gap-8 @3xl:grid-cols-[minmax(0,1fr)_20rem]">
					<Form method="post" action={pagePath} onSubmit={validate} noValidate className="min-w-0 @3xl:order-first">
						<div className="grid gap-4 @md:grid-cols-2">
							<div>
								<label htmlFor="widget-color" className="block text-sm font-medium text-slate-800">
									{copy.brandColor}
								</label>
								<div className="mt-1.5 flex items-center gap-3">
									<input
										id="widget-color"
										type="color"
										name="brandColor"
										value={color}
										onChange={set('brandColor')}
										aria-invalid={errors.brandColor ? true : undefined}
										aria-describedby="widget-color-hint"
										className="h-11 w-16 shrink-0 cursor-pointer rounded-xl border-0 bg-white p-1 ring-1 ring-slate-300"
									/>
									<span className="font-mono text-sm text-slate-700 uppercase">{color}</span>
								</div>
								<p id="widget-color-hint" className="mt-1.5 text-xs text-slate-500">
									{copy.contrast(
										text === '#ffffff' ? 'white' : 'dark',
										contrastRatio(color, text).toFixed(1),
										contrastRatio(color, '#ffffff').toFixed(1),
									)}
								</p>
								{errors.brandColor ? (
									<p role="alert" className="mt-1.5 text-sm text-rose-700">
										{errors.brandColor}
									</p>
								) : null}
							</div>
							<ChoiceTiles legend={copy.icon} look="icon" {...choose('icon')} options={WIDGET_ICONS}>
								{(icon) => {
									const Icon = WIDGET_ICON[icon]
									return (
										<>
											<Icon className="size-5" aria-hidden />
											<span className="sr-only">{copy.icons[icon]}</span>
										</>
									)
								}}
							</ChoiceTiles>
							<Field
								label={copy.headerTitle}
								{...bind('title')}
								maxLength={60}
								placeholder={name}
								hint={copy.headerTitleHint}
							/>
							<Field label={copy.subtitle} {...bind('subtitle')} maxLength={80} hint={copy.subtitleHint} />
						</div>
						<TextareaField
							className="mt-4"
							label={copy.welcome}
							{...bind('welcomeMessage')}
							rows={2}
							maxLength={500}
							placeholder={previewCopy.greeting(name)}
							hint={copy.welcomeHint}
						/>
						<TextareaField
							className="mt-4"
							label={copy.suggestions}
							{...bind('suggestedQuestions')}
							rows={4}
							hint={copy.suggestionsHint}
						/>
						<div className="mt-4 grid gap-4 @md:grid-cols-2">
							<Field
								label={copy.placeholder}
								{...bind('placeholder')}
								maxLength={80}
								placeholder={chatbotBuilder.embed.inputLabel(name)}
							/>
							<Field
								label={copy.launcherLabel}
								{...bind('launcherLabel')}
								maxLength={30}
								hint={copy.launcherLabelHint}
							/>
						</div>
						<ChoiceTiles
							className="mt-4"
							legend={copy.position}
							look="labelled"
							{...choose('launcherPosition')}
							options={LAUNCHER_POSITIONS}
						>
							{(position) => copy.positions[position]}
						</ChoiceTiles>
						<label className="mt-4 flex items-start gap-3 rounded-xl bg-slate-50 px-3.5 py-3 ring-1 ring-slate-200">
							<input
								type="checkbox"
								name="showSources"
								checked={values.showSources === 'on'}
								onChange={(event) =>
									setValues((current) => ({ ...current, showSources: event.target.checked ? 'on' : '' }))
								}
								className="accent-brand-600 mt-0.5 size-4"
							/>
							<span>
								<span className="block text-sm font-medium text-slate-800">{copy.showSources}</span>
								<span className="block text-xs text-slate-500">{copy.showSourcesHint}</span>
							</span>
						</label>
						<fieldset className="mt-4 rounded-xl bg-slate-50 px-3.5 py-3 ring-1 ring-slate-200">
							<legend className="sr-only">{copy.leadForm}</legend>
							<div className="grid gap-4 @md:grid-cols-2">
								<SelectField
									label={copy.leadForm}
									{...bind('leadForm')}
									options={LEAD_FORM_MODES.map((mode) => ({ value: mode, label: copy.leadModes[mode] }))}
									hint={copy.leadFormHint}
								/>
								{values.leadForm === 'after' ? (
									<Field label={copy.leadAfter} type="number" min={1} max={20} {...bind('leadAfter')} />
								) : (
									<input type="hidden" name="leadAfter" value={values.leadAfter} />
								)}
							</div>
							<div className="mt-4 grid gap-4 @md:grid-cols-3">
								{(['leadName', 'leadEmail', 'leadPhone'] as const).map((field) => (
									<SelectField
										key={field}
										label={copy.leadFields[field]}
										{...bind(field)}
										options={LEAD_FIELD_STATES.map((state) => ({ value: state, label: copy.leadFieldStates[state] }))}
									/>
								))}
							</div>
						</fieldset>
						<TextareaField
							className="mt-4"
							controlClassName="font-mono"
							label={copy.allowedSites}
							{...bind('allowedSites')}
							rows={3}
							placeholder={'www.example.com\n*.example.com'}
							hint={
								<>
									<p className="mt-1.5 text-xs text-slate-500">{copy.allowedSitesHint}</p>
									{seenOn && !allowedAsTyped(values.allowedSites, seenOn) ? (
										<p
											className="mt-2 flex gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
											data-testid="refused-site"
										>
											<AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
											<span className="[overflow-wrap:anywhere]">{copy.seenElsewhere(seenOn)}</span>
										</p>
									) : null}
									{values.allowedSites.trim() ? null : (
										<p className="mt-2 flex gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
											<AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
											{copy.anywhereWarning}
										</p>
									)}
								</>
							}
						/>
						<div className="mt-6 flex justify-end">
							<Button type="submit" name="intent" value="save-widget" disabled={saving}>
								{saving ? <Spinner className="size-4" /> : null}
								{saving ? copy.saving : copy.save}
							</Button>
						</div>
					</Form>
					<div className="order-first min-w-0">
						<WidgetPreview values={values} saved={saved} name={name} picture={picture} />
						<AvatarForm pagePath={pagePath} picture={picture} />
					</div>
				</div>
			</div>
		</WorkspaceSection>
	)
}
