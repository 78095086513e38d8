// A test set as its owner manages it (a chatbot's or a voice assistant's: its subject): listed, added
// (by hand, from an unanswered question, from a suggestion, from a CSV file), edited, deleted and
// exported. Every call names the user: a subject or test of someone else behaves like a missing one.
// Additions count against the set's cap under a lock per subject, so two posts at once cannot pass
// it; an import is all or nothing. docs/decisions/0057-chatbot-test-sets.md, 0062-voice-test-sets.md
import { Prisma } from '~/generated/prisma/client.ts'
import { isLockTimeout, prisma } from '~/lib/db.server.ts'
import { isUuid } from '~/lib/misc.ts'
import { lockSubject, ownsSubject } from './subject.server.ts'
import { subjectWhere, type TestSubject } from './subject.ts'
import { testsCsv } from './test-csv.ts'
import { TEST_LIMITS, type TestForm } from './test-schema.ts'

type Tx = Prisma.TransactionClient
export type TestOrigin = 'manual' | 'csv' | 'unanswered' | 'suggested'

/** The subject's tests, oldest first; null when it is not the user's. */
export async function listTests(userId: string, subject: TestSubject) {
	if (!(await ownsSubject(userId, subject))) return null
	return prisma.chatbotTest.findMany({
		where: subjectWhere(subject),
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
		select: { id: true, question: true, expected: true, cite: true, mustDecline: true, origin: true },
	})
}

/** The subject, locked against other additions to its tests until the transaction ends; its test count. */
async function lockTests(tx: Tx, userId: string, subject: TestSubject) {
	if (!(await lockSubject(tx, userId, subject))) return null
	// Counted after the lock, by a statement of its own: it sees what the post before this one added
	// (the locking statement's snapshot was taken before that post committed).
	return tx.chatbotTest.count({ where: subjectWhere(subject) })
}

const isDuplicate = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'

/** Rows added at once, a millisecond apart: listed (and exported) in the order they came in. */
const inOrder = <T extends object>(rows: T[], now = Date.now()) =>
	rows.map((row, i) => ({ ...row, createdAt: new Date(now + i) }))

export type AddResult = 'added' | 'duplicate' | 'full' | 'missing' | 'busy'

/** Adds tests (a form's one, or suggestions picked) unless one is there already or the set would be full. */
export async function addTests(
	userId: string,
	subject: TestSubject,
	tests: TestForm[],
	origin: TestOrigin,
): Promise<AddResult> {
	try {
		return await prisma.$transaction(async (tx) => {
			const count = await lockTests(tx, userId, subject)
			if (count === null) return 'missing'
			if (count + tests.length > TEST_LIMITS.testsPerChatbot) return 'full'
			const owner = subjectWhere(subject)
			await tx.chatbotTest.createMany({ data: inOrder(tests.map((test) => ({ ...test, ...owner, origin }))) })
			return 'added'
		})
	} catch (error) {
		if (isDuplicate(error)) return 'duplicate'
		// Another post held the subject past DATABASE_LOCK_TIMEOUT_MS: "try again", not a 500.
		if (isLockTimeout(error)) return 'busy'
		throw error
	}
}

type TestContent = Pick<TestForm, 'expected' | 'cite' | 'mustDecline'>
/** Whether a test as kept says what the form says (its question compared by the caller). */
const sameTest = (current: TestContent, test: TestContent) =>
	current.cite === test.cite &&
	current.mustDecline === test.mustDecline &&
	current.expected.length === test.expected.length &&
	current.expected.every((alternative, i) => alternative === test.expected[i])

/** Saves an edited test; 'missing' when it is not one of the user's subject's. */
export async function updateTest(
	userId: string,
	subject: TestSubject,
	testId: string,
	test: TestForm,
): Promise<'saved' | 'duplicate' | 'missing'> {
	if (!isUuid(testId) || !(await ownsSubject(userId, subject))) return 'missing'
	try {
		const current = await prisma.chatbotTest.findFirst({
			where: { id: testId, ...subjectWhere(subject) },
			select: { question: true, expected: true, cite: true, mustDecline: true },
		})
		if (!current) return 'missing'
		// Saved unchanged, it keeps its result: only a change makes it "edited since the last run".
		if (current.question === test.question && sameTest(current, test)) return 'saved'
		const { count } = await prisma.chatbotTest.updateMany({
			where: { id: testId, ...subjectWhere(subject) },
			data: { ...test, updatedAt: new Date() },
		})
		return count > 0 ? 'saved' : 'missing'
	} catch (error) {
		if (isDuplicate(error)) return 'duplicate'
		throw error
	}
}

export async function deleteTest(userId: string, subject: TestSubject, testId: string) {
	if (!isUuid(testId) || !(await ownsSubject(userId, subject))) return false
	const { count } = await prisma.chatbotTest.deleteMany({ where: { id: testId, ...subjectWhere(subject) } })
	return count > 0
}

/**
 * A CSV file's tests: a question the set has already is updated, the others added; all or nothing.
 * 'full' when the set would outgrow its cap.
 */
export async function importTests(userId: string, subject: TestSubject, tests: TestForm[]) {
	const owner = subjectWhere(subject)
	return prisma.$transaction(async (tx) => {
		const count = await lockTests(tx, userId, subject)
		if (count === null) return 'missing' as const
		const existing = await tx.chatbotTest.findMany({
			where: { ...owner, question: { in: tests.map((test) => test.question) } },
			select: { question: true, expected: true, cite: true, mustDecline: true },
		})
		const known = new Map(existing.map((test) => [test.question, test]))
		const added = tests.filter((test) => !known.has(test.question))
		if (count + added.length > TEST_LIMITS.testsPerChatbot) return 'full' as const
		await tx.chatbotTest.createMany({ data: inOrder(added.map((test) => ({ ...test, ...owner, origin: 'csv' }))) })
		// A row the set already has word for word changes nothing (re-importing an export marked every
		// test "edited since the last run" and hid its result; attacker trial).
		const updated = tests.filter((test) => {
			const current = known.get(test.question)
			return current !== undefined && !sameTest(current, test)
		})
		for (const test of updated)
			await tx.chatbotTest.updateMany({
				where: { ...owner, question: test.question },
				data: { expected: test.expected, cite: test.cite, mustDecline: test.mustDecline, updatedAt: new Date() },
			})
		return { added: added.length, updated: updated.length }
	})
}

/** The test set as a CSV file; null when the subject is not the user's. */
export async function exportTests(userId: string, subject: TestSubject) {
	const tests = await listTests(userId, subject)
	return tests && testsCsv(tests)
}
