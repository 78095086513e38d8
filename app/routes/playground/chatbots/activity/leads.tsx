// /playground/chatbots/:chatbotId/leads: contact details visitors left in the widget, newest first,
// with a CSV download and a Delete that asks first (`?delete=<id>`, ADR 0048), and the webhook that
// receives each new lead (its address, its signing key, its recent deliveries). Plain links and form
// posts, so it works without JavaScript.
import { Download, Send } from 'lucide-react'
import { data, Form, Link } from 'react-router'
import { DeleteStep, WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { Button, buttonClasses } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { getOwnedChatbot } from '~/features/chatbots/chatbots.server.ts'
import { activityCopy } from '~/features/chatbots/conversations/activity-copy.ts'
import { formatWhen } from '~/features/chatbots/conversations/activity-format.server.ts'
import { LeadRowSchema, WebhookSchema } from '~/features/chatbots/conversations/conversation-schema.ts'
import {
	deleteLead,
	getWebhookSettings,
	listDeliveries,
	listLeads,
	setWebhook,
} from '~/features/chatbots/conversations/leads.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { handoffSettingsOf } from '~/features/chatbots/handoff/handoff-settings.ts'
import { appearanceOf } from '~/features/chatbots/widget/widget-settings.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { fieldErrorsOf } from '~/lib/forms.ts'
import { cn } from '~/lib/misc.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/leads'

const { leads: copy } = activityCopy

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireUser(request)
	const [chatbot, leads, webhook, deliveries] = await Promise.all([
		getOwnedChatbot(user.id, params.chatbotId),
		listLeads(user.id, params.chatbotId),
		getWebhookSettings(user.id, params.chatbotId),
		listDeliveries(user.id, params.chatbotId),
	])
	if (!chatbot || !leads || !webhook || !deliveries) throw data(chatbotBuilder.toasts.notFound, { status: 404 })
	return {
		deleting: new URL(request.url).searchParams.get('delete'),
		formOn: appearanceOf(chatbot.appearance).leadForm.mode !== 'off',
		// With the form off, a visitor nobody joined is still offered it: the notice says so.
		handoffOn: handoffSettingsOf(chatbot.handoff).enabled,
		leads: leads.map((lead) => ({
			...lead,
			createdAt: lead.createdAt.toISOString(),
			when: formatWhen(lead.createdAt),
		})),
		webhook,
		deliveries: deliveries.map((delivery) => ({
			...delivery,
			createdAt: delivery.createdAt.toISOString(),
			when: formatWhen(delivery.createdAt),
		})),
	}
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireUser(request)
	const form = await readFormData(request)
	const path = `/playground/chatbots/${params.chatbotId}/leads`
	if (form.get('intent') === 'delete-lead') {
		const lead = LeadRowSchema.safeParse({ id: form.get('id') })
		const deleted = lead.success && (await deleteLead(user.id, params.chatbotId, lead.data.id))
		return deleted
			? redirectWithToast(path, { type: 'success', title: copy.deleted })
			: redirectWithToast(path, { type: 'error', title: 'Error', description: copy.notFound })
	}
	const parsed = WebhookSchema.safeParse({ webhookUrl: form.get('webhookUrl') ?? '' })
	if (!parsed.success) {
		const errors = fieldErrorsOf(parsed.error)
		return data(
			{
				webhookUrl: String(form.get('webhookUrl') ?? ''),
				errors,
				toast: makeToast({ type: 'error', title: copy.webhookFailed, description: Object.values(errors)[0] }),
			},
			{ status: 400 },
		)
	}
	if (!(await setWebhook(user.id, params.chatbotId, parsed.data.webhookUrl)))
		throw data(chatbotBuilder.toasts.notFound, { status: 404 })
	return redirectWithToast(path, {
		type: 'success',
		title: parsed.data.webhookUrl ? copy.webhookSaved : copy.webhookRemoved,
	})
}

export const meta: Route.MetaFunction = () => [
	{ title: `${copy.title} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function LeadsRoute({ loaderData, actionData, params }: Route.ComponentProps) {
	const { formOn, handoffOn, leads, webhook, deliveries, deleting } = loaderData
	const base = `/playground/chatbots/${params.chatbotId}`
	return (
		<div className="space-y-6">
			<ToastMessage toast={actionData?.toast} />
			<WorkspaceSection
				title={copy.title}
				action={
					leads.length > 0 ? (
						<a href={`${base}/leads.csv`} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
							<Download className="size-4" aria-hidden />
							{copy.download}
						</a>
					) : null
				}
			>
				<p className="mt-1 text-sm text-slate-600">{copy.intro}</p>
				{formOn ? null : (
					<p
						className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
						data-testid="lead-form-off"
					>
						{handoffOn ? copy.formOff.handoffOn : copy.formOff.handoffOff}{' '}
						<Link to={`${base}/widget`} className="font-semibold underline">
							{chatbotBuilder.widget.title}
						</Link>
						.
					</p>
				)}
				{leads.length === 0 ? (
					<p className="mt-6 rounded-2xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600 ring-1 ring-slate-200">
						{copy.empty}
					</p>
				) : (
					// Where the section is narrow (a phone, 320–360 px) each lead is a card, its fields labelled,
					// as the voice latency table does (CallLatencyDetails): a seven-column table there scrolled
					// sideways with no cue. Where it is wide, a table whose columns wrap to fit, so its Delete is
					// in sight (it was cut off at 1440 px by a long page address). A container query, so it holds
					// without JavaScript; one table in both, so each lead's anchor and Delete exist once.
					<div className="@container mt-4 rounded-2xl ring-1 ring-slate-200">
						<table className="block w-full table-fixed text-left text-sm @4xl:table" data-testid="leads-table">
							{/* Fixed columns: a long address or page wraps or is cut in its own column instead of
							    widening the table past its box. */}
							<colgroup>
								<col className="w-32" />
								<col />
								<col />
								<col className="w-40" />
								<col />
								<col className="w-32" />
								<col className="w-28" />
							</colgroup>
							<thead className="hidden bg-slate-50 text-xs text-slate-600 @4xl:table-header-group">
								<tr>
									{(['created', 'name', 'email', 'phone', 'page'] as const).map((column) => (
										<th key={column} scope="col" className="px-4 py-2.5 font-semibold">
											{copy.columns[column]}
										</th>
									))}
									<th scope="col" className="px-4 py-2.5">
										<span className="sr-only">{copy.viewConversation}</span>
									</th>
									<th scope="col" className="px-4 py-2.5">
										<span className="sr-only">{copy.delete}</span>
									</th>
								</tr>
							</thead>
							<tbody className="block divide-y divide-slate-200 @4xl:table-row-group">
								{leads.map((lead) => (
									<LeadRow key={lead.id} lead={lead} base={base} confirming={deleting === lead.id} />
								))}
							</tbody>
						</table>
					</div>
				)}
			</WorkspaceSection>

			<WorkspaceSection title={copy.webhook}>
				<p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.webhookIntro}</p>
				<Form method="post" action={`${base}/leads`} noValidate className="mt-4 flex flex-wrap items-end gap-3">
					<Field
						label={copy.webhookUrl}
						type="url"
						name="webhookUrl"
						defaultValue={actionData?.webhookUrl ?? webhook.url ?? ''}
						placeholder="https://example.com/hooks/leads"
						error={actionData?.errors.webhookUrl}
						className="min-w-0 flex-1 basis-72"
					/>
					<Button type="submit">
						<Send className="size-4" aria-hidden />
						{copy.webhookSave}
					</Button>
				</Form>
				{webhook.url && webhook.secret ? (
					<div className="mt-4">
						<p className="text-sm font-medium text-slate-800">{copy.secret}</p>
						<code
							className="mt-1 block overflow-x-auto rounded-xl bg-slate-900 px-3 py-2 font-mono text-xs text-slate-100"
							data-testid="webhook-secret"
						>
							{webhook.secret}
						</code>
					</div>
				) : null}
				<h4 className="mt-6 text-sm font-semibold text-slate-900">{copy.deliveries}</h4>
				{deliveries.length === 0 ? (
					<p className="mt-2 text-sm text-slate-600">{copy.noDeliveries}</p>
				) : (
					<ul
						className="mt-2 divide-y divide-slate-200 rounded-2xl text-sm ring-1 ring-slate-200"
						data-testid="webhook-deliveries"
					>
						{deliveries.map((delivery) => (
							<li key={delivery.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5">
								<span
									className={cn(
										'rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
										delivery.status === 'delivered'
											? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
											: 'bg-rose-50 text-rose-800 ring-rose-200',
									)}
								>
									{delivery.status === 'delivered' ? copy.delivered : copy.failed}
									{delivery.responseStatus ? ` · HTTP ${delivery.responseStatus}` : ''}
								</span>
								<span className="text-xs text-slate-600">{copy.attempt(delivery.attempt)}</span>
								<time dateTime={delivery.createdAt} className="text-xs text-slate-600">
									{delivery.when}
								</time>
								{delivery.error ? (
									<span className="min-w-0 basis-full truncate text-xs text-slate-500">{delivery.error}</span>
								) : null}
							</li>
						))}
					</ul>
				)}
			</WorkspaceSection>
		</div>
	)
}

type LeadShown = Route.ComponentProps['loaderData']['leads'][number]

/** Who a lead is, in the words of its Delete: the name and e-mail given, or whatever was. */
const leadWho = (lead: LeadShown) =>
	[lead.name, lead.email && lead.name ? `(${lead.email})` : lead.email, lead.name || lead.email ? null : lead.phone]
		.filter(Boolean)
		.join(' ') || copy.noContact

/** One lead, and under it, once its Delete was asked (`?delete=<id>`), the confirmation. */
function LeadRow({ lead, base, confirming }: { lead: LeadShown; base: string; confirming: boolean }) {
	const path = `${base}/leads`
	// The same removal, asked for on the row and confirmed under it.
	const deletion = {
		id: `lead-${lead.id}-delete`,
		action: path,
		question: copy.deleteConfirm(leadWho(lead)),
		confirmLabel: copy.deleteButton,
		itemId: lead.id,
		intent: 'delete-lead',
	}
	return (
		<>
			<tr id={`lead-${lead.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 @4xl:table-row">
				<LeadCell label={copy.columns.created} className="text-slate-600">
					<time dateTime={lead.createdAt}>{lead.when}</time>
				</LeadCell>
				<LeadCell label={copy.columns.name} className="[overflow-wrap:anywhere] text-slate-900">
					{lead.name}
				</LeadCell>
				<LeadCell label={copy.columns.email} className="[overflow-wrap:anywhere] text-slate-900">
					{lead.email}
				</LeadCell>
				<LeadCell label={copy.columns.phone} className="whitespace-nowrap text-slate-900">
					{lead.phone}
				</LeadCell>
				<LeadCell label={copy.columns.page} className="text-slate-600">
					{lead.pageUrl ? (
						<span className="block truncate" title={lead.pageUrl}>
							{lead.pageUrl}
						</span>
					) : null}
				</LeadCell>
				<td className="py-1 @max-4xl:empty:hidden @4xl:table-cell @4xl:px-4 @4xl:py-2.5">
					{lead.conversationId ? (
						<Link
							to={`${base}/conversations/${lead.conversationId}`}
							className="text-brand-700 font-semibold hover:underline"
						>
							{copy.viewConversation}
						</Link>
					) : null}
				</td>
				<td className="py-1 @max-4xl:empty:hidden @4xl:table-cell @4xl:px-4 @4xl:py-2.5 @4xl:text-right">
					{confirming ? null : (
						<DeleteStep
							{...deletion}
							confirming={false}
							askTo={`${path}?delete=${lead.id}#lead-${lead.id}`}
							askLabel={copy.delete}
							askAriaLabel={copy.deleteLabel(leadWho(lead))}
							className="h-8 px-3"
						/>
					)}
				</td>
			</tr>
			{confirming ? (
				<tr className="block @4xl:table-row">
					<td colSpan={7} className="block px-4 pb-4 @4xl:table-cell">
						{/* The row is as wide as the table, which scrolls sideways on a phone: the question and
						    its buttons stay in the part in sight. */}
						<div className="sticky left-4 max-w-[calc(100cqw-2rem)]">
							<DeleteStep {...deletion} confirming askTo={path} cancelTo={`${path}#lead-${lead.id}`} />
						</div>
					</td>
				</tr>
			) : null}
		</>
	)
}

/**
 * One field of a lead: a cell of the table where the section is wide; on a card where it is narrow,
 * a line with its label (the header row is not shown there). Empty fields leave no line on a card.
 */
function LeadCell({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
	return (
		<td
			className={cn(
				'flex min-w-0 basis-full gap-3 @max-4xl:has-[[data-value]:empty]:hidden @4xl:table-cell @4xl:px-4 @4xl:py-2.5',
				className,
			)}
		>
			<span className="w-20 shrink-0 text-xs font-medium text-slate-500 @4xl:hidden">{label}</span>
			<span data-value className="min-w-0 flex-1">
				{children}
			</span>
		</td>
	)
}
