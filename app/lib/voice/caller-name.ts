// One name for a caller who gave none, wherever calls are listed (the administrator's dashboard, an
// assistant's Calls section): the spec's dashboard word. The Calls section said "Unknown caller".
const ANONYMOUS_CALLER = 'Anonymous'

/** The caller's name as stored, or ANONYMOUS_CALLER for a blank one. */
export const callerName = (name: string | null | undefined) => name?.trim() || ANONYMOUS_CALLER
