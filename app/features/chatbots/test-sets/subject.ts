// What a test set belongs to: a chatbot, or a voice assistant (asked over text turns). Its tests and
// runs name one of the two (chatbot_id or agent_id, never both), and every part of the feature (the
// set, the runs, the judge, the suggestions, the pages) serves both through this one value.
// docs/decisions/0062-voice-test-sets.md

export type SubjectKind = 'chatbot' | 'agent'

export type TestSubject = { kind: SubjectKind; id: string }

export const chatbotSubject = (id: string): TestSubject => ({ kind: 'chatbot', id })
export const agentSubject = (id: string): TestSubject => ({ kind: 'agent', id })

/** Prisma's where for the tests and runs of `subject`. */
export const subjectWhere = (subject: TestSubject) =>
	subject.kind === 'chatbot' ? { chatbotId: subject.id } : { agentId: subject.id }

/** The subject's Tests section. */
export const testsPathOf = (subject: TestSubject) =>
	subject.kind === 'chatbot' ? `/playground/chatbots/${subject.id}/tests` : `/playground/voicebots/${subject.id}/tests`
