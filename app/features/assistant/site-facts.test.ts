// Issue 28: the site chat missed facts its own pages show ("When is the next free workshop?" got
// "I don't have that information" beside a Career page that says Saturday, 7-8 PM IST). Each fact
// on the public pages, asked the way a visitor asks it (not in the pages' words), through the real
// site chat reply with the offline model: the reply must hold the fact.
import { expect, test } from 'vitest'
import { career } from '~/content/career.ts'
import { company } from '~/content/company.ts'
import { answerWidgetQuestion } from './reply.server.ts'

const { externalLinks } = company
const email = (label: string) => company.emails.find((e) => e.label === label)!.address

/** A visitor's question and what the reply must hold (every one of them). */
const FACTS: Array<[string, Array<string | RegExp>]> = [
	// The workshop
	['When is the next free workshop?', [career.workshop.schedule]],
	['What day do you run the chatbot workshop?', ['Saturday']],
	['What time does the Saturday session start?', ['7-8 PM IST']],
	['Does the workshop cost anything?', ['free']],
	['Can any student attend the workshop?', ['Open to all students']],
	['What will the workshop teach me?', ['Deploy it to a real web page']],
	['How do I sign up for the Saturday workshop?', [externalLinks.workshopForm]],
	// The internship
	['Is the internship paid?', [email('Careers')]],
	['Do interns get a stipend?', [email('Careers')]],
	['How many months is the AI internship?', ['three months']],
	['Is the internship open to college students?', ['college students']],
	['Will I work on real projects as an intern?', [/live client projects|real client work/]],
	['Do I get a certificate after the internship?', ['completion certificate']],
	['Do interns get mentoring?', ['one-to-one guidance']],
	['Where do I send my internship application?', [externalLinks.internshipForm]],
	// Contact, hours, address
	['Which city is your office in?', ['Greater Noida']],
	['What is the full address of your office?', ['Office 512, Tower B, Knowledge Park III', '201310']],
	['Are you open on weekends?', ['Monday - Saturday 9am - 6pm', 'Sunday Closed']],
	['What time do you close in the evening?', ['6pm']],
	['Can I call you?', [company.phone.display]],
	['Who do I email about a sales enquiry?', [email('Sales')]],
	['Which email is for jobs?', [email('Careers')]],
	['Are you on LinkedIn?', ['https://www.linkedin.com/company/zenvora-ai']],
	['What is your registered company name?', [company.legalName.replace(/\.$/, '')]],
	// Services
	['Can you make an app for iPhone and Android phones?', ['iOS and Android']],
	['Can you move our servers to AWS?', ['AWS']],
	['Can your chatbots work on WhatsApp?', ['WhatsApp']],
	// The languages it speaks (Hindi since issue 32), asked about: the list, never a guess (issue 30).
	['Can your voice agent answer calls in Hindi?', ['English, Spanish, French, German, Italian, Portuguese and Hindi']],
	['Do you work with Tally and SAP?', ['Tally']],
	['Is the first meeting with you free?', ['free', externalLinks.scheduling]],
	['Can I hire your AI agents now?', ['coming soon']],
]

test('the site chat answers every fact of the public pages, asked as visitors ask', async () => {
	expect(FACTS.length).toBeGreaterThanOrEqual(25)
	const missed: string[] = []
	for (const [question, facts] of FACTS) {
		const reply = await answerWidgetQuestion([{ role: 'user', parts: [{ type: 'text', text: question }] }])
		const absent = facts.filter((fact) => (typeof fact === 'string' ? !reply.includes(fact) : !fact.test(reply)))
		if (absent.length > 0) missed.push(`${question} -> ${reply} (missing ${absent.join(', ')})`)
	}
	expect(missed.length, missed.join('\n')).toBe(0)
})
