// The chat's size limits, apart from the zod schemas so the home page's ask box can use them
// without loading zod (whose eval check also trips the page's Content-Security-Policy).
export const CHAT_MESSAGE_MAX_CHARS = 2000
/** The refusal of a longer message, by the API and in the widget (which shows it as the reply). */
export const CHAT_MESSAGE_TOO_LONG = `Messages are limited to ${CHAT_MESSAGE_MAX_CHARS} characters.`
