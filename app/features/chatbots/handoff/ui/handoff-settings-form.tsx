// "Talk to a person" in a chatbot's Settings: whether visitors can ask for a person, how long they
// wait, and the team's hours, in the team's time zone (named). A plain form post: it works without
// JavaScript, as the other settings do.
import { Form } from 'react-router'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { handoffCopy } from '~/features/chatbots/handoff/handoff-copy.ts'
import { HANDOFF_WAIT, type handoffFormValues } from '~/features/chatbots/handoff/handoff-settings.ts'

const { owner: copy } = handoffCopy

/** The anchor the Conversations page links to. */
export const HANDOFF_SETTINGS_ID = 'talk-to-a-person'

export function HandoffSettingsSection({
	action,
	values,
	timeZone,
}: {
	action: string
	values: ReturnType<typeof handoffFormValues>
	/** The zone the hours are read in, named ("India Standard Time (IST)"). */
	timeZone: string
}) {
	return (
		<WorkspaceSection id={HANDOFF_SETTINGS_ID} title={copy.settingsTitle}>
			<Form method="post" action={action} className="mt-3 space-y-4">
				<label className="flex items-start gap-3 rounded-xl bg-slate-50 px-3.5 py-3 ring-1 ring-slate-200">
					<input
						type="checkbox"
						name="enabled"
						defaultChecked={values.enabled === 'on'}
						className="accent-brand-600 mt-0.5 size-4"
					/>
					<span>
						<span className="block text-sm font-medium text-slate-800">{copy.enabled}</span>
						<span className="block text-xs text-slate-500">{copy.enabledHint}</span>
					</span>
				</label>
				<div className="grid gap-4 sm:grid-cols-3">
					<Field
						label={copy.waitSeconds}
						type="number"
						name="waitSeconds"
						min={HANDOFF_WAIT.min}
						max={HANDOFF_WAIT.max}
						defaultValue={values.waitSeconds}
						hint={copy.waitHint(HANDOFF_WAIT.min, HANDOFF_WAIT.max)}
					/>
					<Field
						label={copy.opensAt}
						type="time"
						name="opensAt"
						defaultValue={values.opensAt}
						hint={copy.hoursZone(timeZone)}
					/>
					<Field
						label={copy.closesAt}
						type="time"
						name="closesAt"
						defaultValue={values.closesAt}
						hint={copy.hoursZone(timeZone)}
					/>
				</div>
				<p className="text-xs text-slate-500">{copy.hoursHint}</p>
				<Button type="submit" name="intent" value="handoff-settings" variant="secondary">
					{copy.save}
				</Button>
			</Form>
		</WorkspaceSection>
	)
}
