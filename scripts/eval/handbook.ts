// The evaluation's knowledge and questions, made here so that they are the project's own: a
// handbook of 30 widgets (one paragraph each, with filler that talks about widgets in general),
// questions about each widget's facts in several wordings, and unanswerable questions, about facts
// the handbook never states and widgets it does not sell. Deterministic: the same set every run.

export type EvalQuestion = {
	question: string
	/** The words the reply must contain; none when the handbook does not answer. */
	answer?: string
	/** A phrase of the handbook that only the passage holding the answer contains. */
	evidence?: string
	/** The same fact of the other widgets: a reply that also says one of these is not a clean answer. */
	others?: string[]
	/** For a follow-up: the conversation's earlier turn, which names what "it" is. */
	earlier?: { question: string; reply: string }
}

const NAMES = [
	'Falcon',
	'Eagle',
	'Heron',
	'Kestrel',
	'Osprey',
	'Sparrow',
	'Robin',
	'Magpie',
	'Swift',
	'Lark',
	'Finch',
	'Wren',
	'Plover',
	'Curlew',
	'Ibis',
	'Stork',
	'Crane',
	'Egret',
	'Hornbill',
	'Kingfisher',
	'Bulbul',
	'Myna',
	'Oriole',
	'Drongo',
	'Koel',
	'Barbet',
	'Sunbird',
	'Minivet',
	'Shama',
	'Tailorbird',
]
const NOT_SOLD = [
	'Condor',
	'Albatross',
	'Pelican',
	'Flamingo',
	'Penguin',
	'Toucan',
	'Puffin',
	'Vulture',
	'Raven',
	'Petrel',
]
const CITIES = ['Pune', 'Nashik', 'Indore', 'Coimbatore', 'Mysuru', 'Vadodara', 'Nagpur', 'Kochi', 'Ludhiana', 'Bhopal']
const MATERIALS = [
	'titanium',
	'aluminium',
	'bamboo',
	'carbon fibre',
	'teak',
	'brass',
	'recycled steel',
	'oak',
	'copper',
	'walnut',
]

const FILLER = [
	'Like every widget we make, it is tested on the line before it is packed, and our support team answers questions about it on weekdays.',
	'Owners often pair it with the matching stand, and the manual in the box explains how to mount it on a wall or a desk.',
	'It is packed in recycled cardboard, and the box carries a QR code that opens the online guide in English or Hindi.',
]

function facts(index: number) {
	const name = NAMES[index]
	return {
		name,
		price: `${(1_499 + index * 250).toLocaleString('en-IN')} rupees`,
		weight: `${(0.8 + (index % 7) * 0.3).toFixed(1)} kg`,
		material: MATERIALS[index % MATERIALS.length],
		warranty: `${2 + (index % 4)} years`,
		year: String(2012 + (index % 12)),
		city: CITIES[(index * 3) % CITIES.length],
	}
}

/** The same fact's value for the other widgets (those that differ from `value`). */
const othersOf = (fact: Exclude<keyof ReturnType<typeof facts>, 'name'>, value: string) =>
	[...new Set(NAMES.map((_, other) => facts(other)[fact]))].filter((other) => other !== value)

/**
 * `widgetsPerParagraph`: 1 gives each widget a passage of its own (retrieval is then decided by the
 * name); 3 puts three widgets in one paragraph, where "It weighs…" could be any of them.
 */
export function buildHandbook({ widgetsPerParagraph = 1 } = {}) {
	const paragraphs: string[] = []
	const questions: EvalQuestion[] = []
	const followUpQuestions: EvalQuestion[] = []
	let current: string[] = []
	NAMES.forEach((_, index) => {
		const f = facts(index)
		const sentences = {
			price: `The ${f.name} sells for ${f.price}, delivery included.`,
			weight: `It weighs ${f.weight} without its stand.`,
			material: `Its frame is made of ${f.material}.`,
			warranty: `Every ${f.name} comes with a warranty of ${f.warranty}.`,
			year: `We first launched the ${f.name} in ${f.year}.`,
			city: `The ${f.name} is assembled in our ${f.city} workshop.`,
		}
		const part = [
			`${f.name} widget.`,
			sentences.year,
			...(widgetsPerParagraph === 1 ? [FILLER[index % 3]] : []),
			sentences.price,
			sentences.material,
			...(widgetsPerParagraph === 1 ? [FILLER[(index + 1) % 3]] : []),
			sentences.weight,
			sentences.warranty,
			sentences.city,
			...(widgetsPerParagraph === 1 ? [FILLER[(index + 2) % 3]] : []),
		].join(' ')
		current.push(part)
		if (current.length === widgetsPerParagraph || index === NAMES.length - 1) {
			paragraphs.push(current.join(' '))
			current = []
		}
		const ask = (wordings: string[], fact: Exclude<keyof typeof f, 'name'>) => {
			const answer = f[fact]
			const others = othersOf(fact, answer)
			// Two of each fact's wordings, chosen by the widget's index, so all wordings are used.
			for (const k of [0, 1])
				questions.push({ question: wordings[(index + k) % wordings.length], answer, evidence: sentences[fact], others })
		}
		ask([`How much does the ${f.name} cost?`, `What is the price of the ${f.name}?`, `${f.name} price?`], 'price')
		ask([`How heavy is the ${f.name}?`, `What does the ${f.name} weigh?`], 'weight')
		ask([`What is the ${f.name}'s frame made of?`, `Which material is the ${f.name} frame?`], 'material')
		ask([`How long is the warranty on the ${f.name}?`, `What warranty does the ${f.name} have?`], 'warranty')
		ask([`When was the ${f.name} launched?`, `In which year did the ${f.name} first come out?`], 'year')
		ask([`Where is the ${f.name} made?`, `Which workshop assembles the ${f.name}?`], 'city')
		// Follow-ups: "it" after a turn about this widget, and "And the <name>?" after the same fact of
		// the widget before it, where the new name must win over the earlier one.
		const followUps = {
			price: 'How much does it cost?',
			weight: 'How heavy is it?',
			material: 'What is its frame made of?',
			warranty: 'What warranty does it have?',
			year: 'When was it launched?',
			city: 'Where is it made?',
		} as const
		const previous = facts((index + NAMES.length - 1) % NAMES.length)
		for (const fact of Object.keys(followUps) as Array<keyof typeof followUps>) {
			const others = othersOf(fact, f[fact])
			followUpQuestions.push(
				{
					question: followUps[fact],
					answer: f[fact],
					evidence: sentences[fact],
					others,
					earlier: { question: `Tell me about the ${f.name}.`, reply: `The ${f.name} is one of our widgets.` },
				},
				{
					question: `And the ${f.name}?`,
					answer: f[fact],
					evidence: sentences[fact],
					others,
					earlier: {
						question: followUps[fact].replace(
							/\b(it|its)\b/,
							(word) => `the ${previous.name}${word === 'its' ? "'s" : ''}`,
						),
						reply: `The ${previous.name}: ${previous[fact]}.`,
					},
				},
			)
		}
	})
	// A third of the set: questions the handbook does not answer.
	const unanswerable = [
		(name: string) => `What is the battery life of the ${name}?`,
		(name: string) => `Which colours does the ${name} come in?`,
		(name: string) => `Is the ${name} waterproof?`,
		(name: string) => `How loud is the ${name} when it runs?`,
	]
	for (const name of NAMES) for (const wording of unanswerable) questions.push({ question: wording(name) })
	for (const name of NOT_SOLD) {
		for (const wording of [
			`How much does the ${name} cost?`,
			`Where is the ${name} made?`,
			`What warranty does the ${name} have?`,
			`How heavy is the ${name}?`,
			`When was the ${name} launched?`,
			`What is the ${name}'s frame made of?`,
		])
			questions.push({ question: wording })
	}
	return { text: paragraphs.join('\n\n'), questions, followUps: followUpQuestions }
}
