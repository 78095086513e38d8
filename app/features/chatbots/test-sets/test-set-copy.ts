// Copy of the Tests section of a chatbot and of a voice assistant: the test set, runs, results, CSV
// import and suggestions. What names its subject is in subjectCopy.
// docs/decisions/0057-chatbot-test-sets.md, docs/decisions/0062-voice-test-sets.md
import type { SubjectKind } from './subject.ts'
import { TEST_LIMITS } from './test-schema.ts'

const KB = 1024

const RUNS =
	'They run after every change to the knowledge or the settings, every day, and when you ask; a test that passed before and fails now is a regression, shown first and e-mailed to you.'

/** The words that name the test set's subject, a chatbot or a voice assistant. */
export function subjectCopy(kind: SubjectKind) {
	const noun = kind === 'chatbot' ? 'chatbot' : 'voice assistant'
	return {
		noun,
		intro:
			kind === 'chatbot'
				? `Questions with what a right answer holds. ${RUNS} Test runs never appear in Conversations or Insights.`
				: `Questions with what a right answer holds, each asked as a typed turn and answered as a caller would hear it. ${RUNS} Test runs are no calls: they never appear in Calls or on the dashboard.`,
		mustDecline: `Must decline: the ${noun} should say it does not know`,
		fixAnswerHint:
			kind === 'chatbot'
				? 'Joins the Knowledge Base Content; the tests run again once it is indexed.'
				: 'Joins the typed knowledge it answers from; the tests run again once it is indexed.',
		/**
		 * A voice assistant that answers from a chatbot's knowledge: the answer joins that chatbot's
		 * Knowledge Base Content, which its site visitors get too (first-time user's trial: added there
		 * without a word).
		 */
		fixAnswerSharedHint: (chatbot: string) =>
			`Joins the knowledge of chatbot “${chatbot}”, which its site visitors also get; the tests run again once it is indexed.`,
		/** What helps a must-decline test the subject answered: not an answer, a narrower brief. */
		declineFix:
			kind === 'chatbot'
				? 'To keep it from answering questions like this, say what it may answer in its System Prompt (for example: Answer only questions about our products). If it may answer this, edit the test.'
				: 'To keep it from answering questions like this, say what it may answer in its Instructions (for example: Answer only questions about our products). If it may answer this, edit the test.',
		restrictLink: kind === 'chatbot' ? 'Edit the System Prompt' : 'Edit the Instructions',
		suggestionsIntro: `Pick the ones to keep. They are made from passages of this ${noun}’s sources.`,
		mailIntro: (name: string, passed: number, total: number) =>
			`The latest test run of your ${noun} “${name}” passed ${passed} of ${total} tests. These passed in the run before and fail now:`,
	}
}

export const testSetCopy = {
	title: 'Tests',
	empty: 'No tests yet. Add one below, import a CSV, or pick from the suggestions.',
	score: {
		title: 'Latest run',
		none: 'Not run yet.',
		passed: (passed: number, total: number) => `${passed} of ${total} passed`,
		regressions: (count: number) => `${count} regression${count === 1 ? '' : 's'}`,
		queued: 'A run is queued.',
		running: (done: number, total: number) => `Running: ${done} of ${total} tests`,
		knowledgeChanging: 'The knowledge is being updated: the tests run again when it is done.',
		failedRun: (error: string) => `The last run did not finish: ${error}`,
		refresh: 'Refresh',
		trend: 'Score of the latest runs',
		chartLabel: 'Line chart of the share of tests passed in each of the latest runs',
		trendTable: 'Runs',
		when: 'When',
		// The trend chart's runs, in order ("Run 3"): placed as a sequence, not by clock time.
		runNumber: (n: number) => `Run ${n}`,
		trigger: 'Started by',
		result: 'Passed',
		triggers: {
			manual: 'You',
			sources: 'Knowledge change',
			settings: 'Settings change',
			schedule: 'Daily schedule',
		} as Record<string, string>,
	},
	run: {
		button: 'Run tests',
		/** The button while a run is queued or running (disabled; the progress is beside it). */
		running: 'Running tests…',
		inProgress: 'The tests are running already. Their results show here when the run finishes.',
		queued: 'Tests queued',
		queuedDescription: 'The results show here in a moment.',
		noTests: 'Add a test first.',
		tooSoon: (seconds: number) => `Tests ran moments ago. Run them again in ${seconds} seconds.`,
		dailyCap: `Your chatbots and voice assistants have run their tests ${TEST_LIMITS.runsPerAccountPerDay} times today. Runs start again tomorrow.`,
		failedTitle: 'Tests not run',
	},
	failing: {
		title: 'Failing tests',
		none: 'Every test passed in the latest run.',
		regression: 'Regression',
		reply: 'Reply',
		cited: 'Cited passage',
		noPassage: 'No passage matched the question.',
		// A reply that declined used no passage: none is shown as cited.
		declined: 'None: the reply declined.',
		// A passage of the Knowledge Base Content (answers added here too): no page or file names it.
		typedKnowledge: 'Typed knowledge',
		passages: 'Passages it was given',
		score: (score: number) => `score ${score}`,
		fixAnswer: 'Add an answer',
		edited: 'Edited since the last run: run the tests to check it.',
		fixAnswerLabel: (question: string) => `Answer to “${question}”`,
		addAnswer: 'Add answer',
		answerAdded: 'Answer added',
		answerAddedDescription: 'The tests run again once it is indexed.',
		answerAddedSharedDescription: (chatbot: string) =>
			`Added to the knowledge of chatbot “${chatbot}”, which its site visitors also get. The tests run again once it is indexed.`,
	},
	list: {
		title: 'Test set',
		count: (count: number) => `${count} of ${TEST_LIMITS.testsPerChatbot} tests`,
		question: 'Question',
		expected: 'A right answer contains',
		anyAnswer: 'any answer',
		decline: 'Must decline',
		cite: 'Must cite',
		lastResult: 'Last result',
		pass: 'Pass',
		fail: 'Fail',
		notRun: 'Not run',
		edited: 'Edited since the last run',
		edit: 'Edit test',
		save: 'Save test',
		remove: 'Delete test',
		removed: 'Test deleted',
		saved: 'Test saved',
	},
	form: {
		addTitle: 'Add a test',
		question: 'Question',
		questionPlaceholder: 'e.g. How long is the warranty?',
		expected: 'A right answer contains',
		expectedHint:
			'Words or a phrase; separate alternatives with | (seven years | 7 years). Leave empty when any answer will do.',
		cite: 'Must cite (optional)',
		citeHint: 'Part of a page’s address or a file’s name, e.g. /warranty or price-list.pdf.',
		add: 'Add test',
		added: 'Test added',
		addFailed: 'Test not added',
		saveFailed: 'Test not saved',
		duplicate: 'The test set already has a test with that question.',
		full: `A test set can have ${TEST_LIMITS.testsPerChatbot} tests. Delete some first.`,
	},
	fromQuestion: {
		button: 'Add as test',
		added: 'Test added',
		addedDescription: 'It passes once the chatbot answers it. Add what the answer must contain on the Tests page.',
	},
	csv: {
		title: 'Import and export',
		export: 'Export CSV',
		file: 'CSV file',
		hint: `Columns: question, expected, cite, must_decline (yes or no). Up to ${TEST_LIMITS.csvBytes / KB} KB and ${TEST_LIMITS.testsPerChatbot} tests.`,
		import: 'Import CSV',
		imported: (added: number, updated: number) => `${added} test${added === 1 ? '' : 's'} added, ${updated} updated`,
		failed: 'CSV not imported',
		noFile: 'Choose a CSV file.',
		tooLarge: `The file is larger than ${TEST_LIMITS.csvBytes / KB} KB.`,
		notText: 'The file is not a text CSV file.',
		header: 'The first line must be the columns: question, expected, cite, must_decline.',
		unclosedQuote: (line: number) => `Line ${line}: a quoted cell is not closed.`,
		columns: (line: number, count: number) => `Line ${line}: ${count} cells; each line has 4.`,
		formula: (line: number, column: string) =>
			`Line ${line}: the ${column} cell starts like a spreadsheet formula (=, +, -, @). Remove that character.`,
		emptyQuestion: (line: number) => `Line ${line}: the question is empty.`,
		tooLong: (line: number, column: string) => `Line ${line}: the ${column} cell is too long.`,
		badDecline: (line: number) => `Line ${line}: must_decline is yes or no.`,
		declineAndExpected: (line: number) =>
			`Line ${line}: a test that must decline cannot also expect words or a citation.`,
		repeated: (line: number) => `Line ${line}: the same question is on an earlier line.`,
		none: 'The file has no tests.',
		tooMany: `A test set can have ${TEST_LIMITS.testsPerChatbot} tests; the file would make more.`,
	},
	suggestions: {
		title: 'Suggested tests',
		offline: 'Suggested offline, from the headings and sentences of the sources.',
		byModel: (model: string) => `Suggested by ${model}.`,
		modelFailed: (model: string, reason: string) =>
			`${model} could not write suggestions (${reason}): these were made offline, from the headings and sentences of the sources.`,
		modelBusy: (minutes: number) =>
			`The model writes suggestions ${TEST_LIMITS.modelSuggestionsPerHour} times an hour: these were made offline. Try the model again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
		open: 'Suggest tests from the sources',
		none: 'No suggestions: the sources have no headed passages that are not tested already.',
		pick: (question: string) => `Keep “${question}”`,
		/** A suggestion's group of fields, for screen readers: which one of the list it is. */
		row: (n: number) => `Suggestion ${n}`,
		editHint: 'Untick the ones you do not want, and edit a question or what its answer contains before you add it.',
		accept: 'Add selected tests',
		accepted: (count: number) => `${count} test${count === 1 ? '' : 's'} added`,
		notAdded: 'Tests not added',
		back: 'Back to tests',
	},
	reasons: {
		declined: 'Declined, as it should.',
		answeredInstead: 'Answered, but it should have declined.',
		didNotKnow: 'Said it does not know.',
		answered: 'Answered.',
		contains: (found: string) => `Contains “${found}”.`,
		missing: (expected: string[]) => `Does not contain ${expected.map((text) => `“${text}”`).join(' or ')}.`,
		cited: (cite: string) => `Cites ${cite}.`,
		notCited: (cite: string) => `Does not cite ${cite}.`,
		modelFailed: (error: string) => `The model failed: ${error}`,
	},
	mail: {
		subject: (name: string, count: number) =>
			`${count} test${count === 1 ? '' : 's'} of “${name}” now fail${count === 1 ? 's' : ''}`,
		outro: 'See the replies and fix them here:',
	},
}
