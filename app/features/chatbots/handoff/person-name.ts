import { handoffCopy } from './handoff-copy.ts'

/**
 * A member of the team as they are named in a conversation, to its visitor and to its owner alike
 * (the widget's "Asha joined", the owner's badge "With Asha", the log's "Person: Asha", live or after a
 * reload): their first name, never their e-mail. One rule, so the log shows what the visitor saw.
 * ADR 0073.
 */
export function personName(fullName: string | null | undefined) {
	const first = fullName?.trim().split(/\s+/)[0]
	return first ? first.slice(0, 40) : handoffCopy.widget.someone
}
