// The Privacy Policy, Terms of Service and Cookies pages. They describe what the product does, read
// from its code (prisma/schema.prisma, the cookies in app/lib and app/features/accounts, the
// retention jobs), and promise nothing the code does not do. When what is stored changes, these
// pages change with it: tests/integration/public-promises.test.ts checks the cookie list against
// the code. docs/decisions/0047-public-site-promises.md
import { company } from './company.ts'
import type { SiteDocument } from './documents.ts'

export const legalPaths = {
	privacy: '/privacy',
	terms: '/terms',
	cookies: '/cookies',
} as const

/** Where a chatbot's visitors read what is kept about them (the widget's lead form links here). */
export const chatbotVisitorsPrivacyPath = `${legalPaths.privacy}#chatbot-visitors`

const UPDATED = '24 November 2026'
const { address } = company
const postalAddress = `${address.street}, ${address.locality}, ${address.region} ${address.postalCode}, ${address.country}`
const [general] = company.emails
const contactLine = `Write to [${general.address}](mailto:${general.address}) or call ${company.phone.display} (${company.hours[0].days}, ${company.hours[0].time}).`

export const privacyPolicy: SiteDocument = {
	path: legalPaths.privacy,
	eyebrow: 'Legal',
	title: 'Privacy Policy',
	description: `What ${company.name} stores when you visit this site, use the AI Playground or chat with a chatbot built on it, why, for how long, and who else sees it.`,
	intro: `What ${company.name} keeps about you when you visit this website, use the AI Playground, or chat with a chatbot or voice assistant built on it: why, for how long, and who else sees it. It describes what our software actually does.`,
	updated: UPDATED,
	sections: [
		{
			id: 'who-we-are',
			heading: 'Who we are',
			blocks: [
				`${company.legalName} (“${company.name}”, “we”) runs this website and the AI Playground, from ${postalAddress}.`,
				`For anything about your data, ${contactLine.replace(/^Write/, 'write')}`,
			],
		},
		{
			id: 'website-visitors',
			heading: 'When you visit this website',
			blocks: [
				'Reading our pages needs no account and sets no cookies. We use no analytics, advertising or tracking services, and our pages load nothing from other companies: fonts, pictures and scripts all come from our own server.',
				'To protect the site from abuse, your network address (IP address) is used to count your requests to the chat, the sign-in and sign-up forms and similar actions for a short time. These counts are deleted within about a day.',
				'The buttons to book a consultation (Cal.com), to apply for the internship or register for the workshop (Google Forms), and our social media links open those services in a new tab. What you enter there is handled by them under their own policies and does not pass through this website. This website has no contact form of its own: the e-mail addresses and the phone number in the footer reach our team directly.',
			],
		},
		{
			id: 'site-chat',
			heading: 'When you chat with our site assistant',
			blocks: [
				'Your messages to Riya, the assistant on this website, are sent to our server to be answered from the content of this website. We do not store them. The conversation is kept only in your browser, for the open tab, and is gone when you close it.',
				'When a language model provider is connected (see [Who else sees your data](#sharing)), your messages go to it to write the answer; otherwise our built-in model answers on our own server.',
				'If you talk to Riya, your browser’s own speech recognition turns your voice into text (some browsers, Chrome for one, send the sound to their maker’s servers for this). We receive only the text.',
			],
		},
		{
			id: 'accounts',
			heading: 'If you create a Playground account',
			blocks: [
				{
					list: [
						'Your full name and e-mail address, and when you verified the address.',
						'Your password, stored only as a bcrypt hash: nobody, us included, can read it back.',
						'The links we e-mail you to verify your address or reset your password, stored only as a SHA-256 hash. Each works once and expires: after 24 hours (verification) or 1 hour (password reset).',
						'A record of each signed-in session (the account, when it started, when it ends), so you stay signed in for up to 30 days. Signing out deletes it, and changing your password ends every other session. Expired sessions are deleted every hour.',
						'The e-mails we send you: to verify your address, to reset your password, and to tell you when someone tries to sign up with an address that already has an account. Our mail service delivers them; a server without one writes them to an outbox table and its log instead.',
					],
				},
				'We use these to run your account and keep it safe. For example, a browser you have signed in from before is remembered (see [Cookies](/cookies)), so failed sign-ins from elsewhere cannot lock you out.',
			],
		},
		{
			id: 'your-content',
			heading: 'What you build in the Playground',
			blocks: [
				{
					list: [
						'Chatbots: their name, instructions and knowledge (text you type, files you upload and the text read from them, web pages and websites we fetch for you and their text), the widget’s settings and picture, the sites allowed to show it, how long conversations are kept, and the address and signing key of your lead webhook.',
						'Voice assistants: their name, description, instructions, first message, voice, language and model settings.',
					],
				},
				'When you import a website, our crawler fetches its pages as “AIPlaygroundBot” and follows the site’s robots.txt.',
				'This content is yours. We store it to run your chatbots and voice assistants, and keep it until you delete it: you can remove any source, chatbot or voice assistant yourself in the Playground. Its answers show parts of your knowledge to the people who use your chatbot.',
			],
		},
		{
			id: 'chatbot-visitors',
			heading: 'If you chat with a chatbot on another website',
			blocks: [
				'Businesses use the Playground to put chatbots on their own websites. When you use one, that business decides what the chatbot is for and what happens to your details; we store the conversation for it. Questions about a particular chatbot are best sent to the business that runs it, and you can also write to us.',
				'What is stored:',
				{
					list: [
						'Your messages and the chatbot’s answers, which parts of its knowledge each answer used, and any rating or comment you give an answer.',
						'The address of the page you chatted from.',
						'Your country, only when the website’s hosting network (Cloudflare, for example) tells us. We do not look up your location ourselves.',
						'A fingerprint of your network address: a keyed hash that changes every day, so that a visitor can be counted once a day without the address being stored. It cannot be turned back into the address.',
						'A random visitor number, kept in the chat window’s storage in your browser with your recent messages, so the conversation goes on when you come back. “New conversation” starts a new one.',
					],
				},
				'If you fill in the chatbot’s contact form (“Leave your details”), your name, e-mail address and phone number (whichever the form asks for), the page and the conversation go to the business. It sees them in the Playground, can download them as a spreadsheet (CSV), and can have them sent to its own systems by a webhook, signed so that it can check they came from us.',
				'How long: conversations are deleted automatically after the period the business chose (7, 30, 90, 180 or 365 days; 90 unless it chose otherwise), or sooner if it deletes them or reaches its storage limit. Contact details are kept until the business deletes them or the chatbot, or until you ask us to delete them.',
			],
		},
		{
			id: 'voice-calls',
			heading: 'Voice assistants and calls',
			blocks: [
				'Apps that use a voice assistant through our voice API may send your name, phone number and e-mail address with the call. We store them with the call’s transcript (what you said and what the assistant answered, turn by turn), its length and its status.',
				'Your voice is sent to a speech-to-text service to be turned into text, and the recording is not stored. Answers are spoken by your own browser or app.',
				'Call records are seen by the owner of the voice assistant and by our administrator. They are not deleted automatically: they are kept until our administrator deletes them, which you can ask for.',
			],
		},
		{
			id: 'sharing',
			heading: 'Who else sees your data',
			blocks: [
				{
					list: [
						'A language model provider, when our administrator has connected one (Groq, OpenAI or another service that works like OpenAI’s): the question, the recent conversation and the parts of the knowledge chosen for it go to that provider to write each answer. A chatbot can also use our built-in model, which runs on our own server and sends nothing out.',
						'A speech-to-text service, for voice messages, when one is set up.',
						'ElevenLabs, when our administrator has connected it: a voice assistant’s settings (name, instructions, first message, voice and language) are saved there too, to create its voice agent.',
						'Our mail service, for the e-mails we send you.',
						'The business that runs a chatbot, for its conversations and contact details (above).',
					],
				},
				'No one else. The product contains no advertising or analytics services.',
			],
		},
		{
			id: 'security',
			heading: 'How we protect it',
			blocks: [
				{
					list: [
						'Our cookies are signed, cannot be read by scripts (HttpOnly), are not sent with other sites’ forms (SameSite=Lax), and travel only over HTTPS on the live site.',
						'Passwords are stored as bcrypt hashes; e-mailed links and visitors’ network addresses only as hashes.',
						'Keys for model providers are encrypted (AES-256-GCM) and never sent to a browser.',
						'Uploaded files are read in separate worker processes with limits on memory and time, and website imports refuse private and internal network addresses.',
						'Every page and action checks who is asking: one account cannot see another’s chatbots, conversations or contact details.',
					],
				},
			],
		},
		{
			id: 'your-choices',
			heading: 'Your choices',
			blocks: [
				{
					list: [
						'Change your password on the Account page of the Playground, and delete your chatbots, their sources, conversations, contact details and voice assistants there yourself.',
						`To see, correct or delete what we hold about you, or to close your account, write to [${general.address}](mailto:${general.address}) from the address concerned. Closing an account deletes its sessions, chatbots with their knowledge, conversations and contact details, and its voice assistants; our administrator deletes their call records on request.`,
						'Visitors of a chatbot can ask the business that runs it, or us, to delete their conversation or contact details.',
						'You can block or delete cookies in your browser: see [Cookies](/cookies).',
					],
				},
			],
		},
		{
			id: 'changes',
			heading: 'Changes to this policy',
			blocks: ['When what the product stores changes, we change this page and the date at its top. ' + contactLine],
		},
	],
}

export const termsOfService: SiteDocument = {
	path: legalPaths.terms,
	eyebrow: 'Legal',
	title: 'Terms of Service',
	description: `The terms for using the ${company.name} website and the AI Playground: your account, your content, your chatbot's visitors, fair use and AI answers.`,
	intro: `The terms for using the ${company.name} website and the AI Playground, where you build chatbots and voice assistants. They are short, and say what you can expect from us and what we expect from you.`,
	updated: UPDATED,
	sections: [
		{
			id: 'about',
			heading: 'About these terms',
			blocks: [
				`These terms apply when you use this website and the AI Playground, run by ${company.legalName}, ${postalAddress}. By creating an account you accept them. Work we do for clients (software, chatbots or voice assistants we build for you) is agreed separately, in writing.`,
				'How we handle personal data is in our [Privacy Policy](/privacy), and the cookies we set are on the [Cookies](/cookies) page.',
			],
		},
		{
			id: 'account',
			heading: 'Your account',
			blocks: [
				{
					list: [
						'Sign up with your own e-mail address and verify it: the Playground opens once the address is verified.',
						'Keep your password to yourself. If you think someone else knows it, change it on the Account page: that signs out every other device.',
						'You are responsible for what is done with your account.',
					],
				},
			],
		},
		{
			id: 'your-content',
			heading: 'Your content',
			blocks: [
				'You keep all rights in the knowledge, instructions and settings you add. You allow us to store and process them to run your chatbots and voice assistants: to index them, to send the parts an answer needs to the language model provider in use, and to show answers to the people who use your chatbot.',
				'Only add content, and import websites, that you have the right to use. Our crawler follows each site’s robots.txt, but whether you may use what it fetches is for you to check. Do not add unlawful content, or personal data you have no right to process.',
			],
		},
		{
			id: 'your-visitors',
			heading: 'Your chatbot’s visitors',
			blocks: [
				'When you put a chatbot on your website, you decide what it is for and what its contact form asks. Tell your visitors what you collect and why (our [Privacy Policy](/privacy#chatbot-visitors) describes what the product stores for you); choose how long conversations are kept; and handle the contact details you receive, in the Playground, the spreadsheet export or your webhook, as the law that applies to you requires.',
			],
		},
		{
			id: 'fair-use',
			heading: 'Fair use',
			blocks: [
				{
					list: [
						'Do not use the Playground to deceive or harm people, or to send spam.',
						'Do not try to get into other accounts, to get around the limits (on requests, file sizes, pages per import and stored conversations), or to overload the service. The limits keep it fast for everyone, and requests over them are refused.',
						'Do not use the website import on sites or addresses you are not allowed to reach.',
					],
				},
			],
		},
		{
			id: 'ai-answers',
			heading: 'AI answers',
			blocks: [
				'Answers are produced automatically from your knowledge, by a language model or by our built-in model, and can be incomplete or wrong. The Playground shows which model answered each turn and which parts of your knowledge an answer used: check answers that matter before you rely on them. A chatbot is built to say it does not know when its knowledge does not cover a question, but it cannot always tell.',
				'Figures on our marketing pages, such as “up to 70% cost reduction”, describe what is possible, not a promise for your business.',
			],
		},
		{
			id: 'the-service',
			heading: 'The service',
			blocks: [
				'The Playground has no paid plans today. We improve it continually, so features and limits change. We work to keep it available and correct, but cannot promise that it will never be interrupted or never make a mistake.',
			],
		},
		{
			id: 'ending',
			heading: 'Ending',
			blocks: [
				`You can stop using the Playground at any time, and ask us to close your account by writing to [${general.address}](mailto:${general.address}): what that deletes is in the [Privacy Policy](/privacy#your-choices). We may suspend or close an account that breaks these terms; where we can, we tell you first by e-mail.`,
			],
		},
		{
			id: 'changes',
			heading: 'Changes and contact',
			blocks: ['When these terms change, we change this page and the date at its top. ' + contactLine],
		},
	],
}

export const cookiesPolicy: SiteDocument = {
	path: legalPaths.cookies,
	eyebrow: 'Legal',
	title: 'Cookies',
	description: `The four cookies ${company.name} sets, all for signing in to the AI Playground and for messages after a form, and what our chat windows keep in your browser.`,
	intro:
		'This site sets cookies only to sign you in to the AI Playground and to show a message after a form. It uses no analytics, advertising or tracking cookies and no cookies from other companies. Reading our public pages sets none at all.',
	updated: UPDATED,
	sections: [
		{
			id: 'cookies-we-set',
			heading: 'The cookies we set',
			blocks: [
				{
					cookies: [
						{
							name: 'session',
							purpose:
								'Keeps you signed in to the AI Playground. It holds only the signed number of your session on our server.',
							setWhen: 'When you sign in',
							lifetime: '30 days, or until you sign out',
						},
						{
							name: 'device',
							purpose:
								'Marks this browser as one you have signed in from, so that someone guessing your password elsewhere cannot lock you out of it. It holds a random number and your e-mail address.',
							setWhen: 'When you sign in',
							lifetime: '1 year',
						},
						{
							name: 'pending-signup',
							purpose:
								'Remembers the address you just signed up with, for the “Check your inbox” page, so that it never appears in a web address.',
							setWhen: 'When you sign up',
							lifetime: '1 hour',
						},
						{
							name: 'toast',
							purpose:
								'Carries a one-time message to the next page after a form (“Password changed”, for example), and is deleted as soon as it is shown.',
							setWhen: 'After some forms',
							lifetime: 'Until the message is shown',
						},
					],
				},
				'All four are signed (a changed cookie is ignored), cannot be read by scripts on the page (HttpOnly), are not sent with forms on other sites (SameSite=Lax), and travel only over HTTPS on the live site.',
			],
		},
		{
			id: 'browser-storage',
			heading: 'What our chat windows keep in your browser',
			blocks: [
				'These are not cookies and are never sent to us by themselves; your browser keeps them for the chat window.',
				{
					list: [
						'Riya, the assistant on this website: the open conversation, for this tab only (session storage). It is gone when you close the tab.',
						'A chatbot on another website: a random visitor number, the conversation’s most recent 60 messages, and whether you sent or skipped its contact form (local storage, kept for our chat window inside that website). “New conversation” starts over; clearing your browser’s site data removes them.',
					],
				},
				'What the conversations on our server hold is in the [Privacy Policy](/privacy#chatbot-visitors).',
			],
		},
		{
			id: 'your-choices',
			heading: 'Your choices',
			blocks: [
				'You can block or delete cookies in your browser’s settings. Our public pages work without any cookie; signing in to the Playground needs the session cookie. If you block storage for a chatbot’s window, it forgets the conversation when the page reloads.',
			],
		},
	],
}
