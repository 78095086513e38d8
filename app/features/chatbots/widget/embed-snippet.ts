// The snippet the owner pastes: the stored embed code (spec: a script tag for the embed script with
// the chatbot's id) and, for visitors whose browser runs no scripts, a framed embed page, which then
// shows the no-JavaScript note and the lead form (ADR 0072).

/** Where the stand-in frame goes: the embed page of the chatbot the script tag names. */
const SCRIPT_TAG = /^<script src="(https?:\/\/[^"/]+)\/embed\.js" data-chatbot-id="([0-9a-f-]+)" async><\/script>$/

/**
 * The embed code with its `<noscript>` part. The frame runs no scripts (its sandbox leaves them out):
 * it is only shown where the page's scripts do not run, and its form posts and confirms without them.
 * An embed code not of the usual form is shown as it is.
 */
export function embedSnippet(embedCode: string) {
	const match = SCRIPT_TAG.exec(embedCode.trim())
	if (!match) return embedCode
	const [, origin, chatbotId] = match
	return `${embedCode.trim()}
<noscript><iframe title="Chat" src="${origin}/embed/${chatbotId}" sandbox="allow-forms allow-same-origin allow-popups" style="width:370px;max-width:100%;height:560px;border:0"></iframe></noscript>`
}
