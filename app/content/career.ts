// Career / internship copy (spec section 2, "Career page").
export const career = {
	eyebrow: 'Careers & internships',
	programTitle: '3-Month AI Internship Program',
	programIntro:
		'For college students who want to build real AI products. Work on live client projects with our engineers, ship to production, and graduate with a portfolio that stands out.',
	topicsHeading: 'What you will learn',
	topics: [
		{ title: 'AI Chatbot Development', description: 'Design and ship knowledge-grounded chatbots.' },
		{ title: 'Voicebot Project', description: 'Build a voice assistant with speech recognition and synthesis.' },
		{ title: 'LLM Deployment', description: 'Serve, monitor and scale large language models.' },
		{ title: 'RAG Implementation', description: 'Retrieval pipelines, embeddings and evaluation.' },
		{ title: 'AI Automation', description: 'Agents and workflows that save teams hours every day.' },
	],
	applyLabel: 'Apply for Internship',
	workshop: {
		badge: 'Free workshop',
		title: 'AI Chatbot Workshop',
		schedule: 'Saturday, 7-8 PM IST',
		description: 'A live, hands-on hour: build and deploy your first AI chatbot. Open to all students.',
		countdownLabel: 'Next session starts in',
		liveLabel: 'Live now: the workshop has started',
		agenda: [
			'Build a chatbot on your own documents, live',
			'Deploy it to a real web page in minutes',
			'Q&A with our AI engineers',
		],
		registerLabel: 'Register Now',
	},
	perks: [
		{
			title: 'Industry Projects',
			description: 'Contribute to real client work, not toy exercises.',
			icon: 'briefcase',
		},
		{ title: 'Certificate', description: 'A verifiable completion certificate for your résumé.', icon: 'award' },
		{ title: 'Mentorship', description: 'Weekly one-to-one guidance from senior engineers.', icon: 'users' },
		{ title: 'Resume Support', description: 'Résumé reviews and mock interviews before placements.', icon: 'file' },
	],
	metaDescription:
		'A 3-month AI internship for college students: chatbots, voicebots, LLM deployment, RAG and automation. Plus a free Saturday chatbot workshop.',
}
