// Which stored connection the voice test and the voice API use for speech-to-text and for speech:
// the newest one that has not failed its last test. A connection is saved even when the test right
// after "Connect and test" fails (a local server may be down for a minute), but a key the provider
// refused or a server that cannot be reached must not silence every voice turn: it waits, shown as
// not in use, until a test passes. One rule for the server's choice and the Models page's badge.

/** Whether a stored connection may be used: never tested (just changed), or its last test reached it. */
export const passedOrUntested = (lastOutcome: string | null | undefined) => !lastOutcome || lastOutcome === 'reached'

/** The same rule as a Prisma filter on `model_connections`. */
export const PASSED_OR_UNTESTED = { OR: [{ lastOutcome: null }, { lastOutcome: 'reached' }] }
