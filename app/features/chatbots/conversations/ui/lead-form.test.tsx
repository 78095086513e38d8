// Issue 30: the widget's lead form asks a visitor for their details on someone else's site, and
// linked no privacy policy. It now links the Privacy Policy's section for chatbot visitors, in a new
// tab (the form sits in our iframe on the host's page), next to the button that sends.
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { chatbotVisitorsPrivacyPath, privacyPolicy } from '~/content/legal.ts'
import { DEFAULT_LEAD_FORM, LEAD_FORM_MODES } from '~/features/chatbots/conversations/conversation-schema.ts'
import { LeadForm } from './lead-form.tsx'

const render = (mode: Exclude<(typeof LEAD_FORM_MODES)[number], 'off'>) =>
	renderToStaticMarkup(
		<LeadForm
			settings={{ ...DEFAULT_LEAD_FORM, mode }}
			mode={mode}
			ids={{ visitorId: 'visitor-1234', conversationId: 'conversation-1234' }}
			send={async () => ({ ok: true })}
			onDone={() => {}}
		/>,
	)

test('every lead form links the Privacy Policy for chatbot visitors, in a new tab, inside the form', () => {
	for (const mode of LEAD_FORM_MODES.filter((m) => m !== 'off')) {
		const html = render(mode)
		const form = html.slice(html.indexOf('<form'), html.indexOf('</form>'))
		const link =
			/<a href="([^"]+)" target="_blank" rel="noopener noreferrer"[^>]*>Privacy Policy<span class="sr-only"> \(opens in a new tab\)<\/span><\/a>/.exec(
				form,
			)
		expect(link?.[1], mode).toBe(chatbotVisitorsPrivacyPath)
	}
	const [page, anchor] = chatbotVisitorsPrivacyPath.split('#')
	expect(page).toBe(privacyPolicy.path)
	expect(privacyPolicy.sections.map((section) => section.id)).toContain(anchor)
})
