// Whether a visitor asks for a person ("I want to speak to a person", "talk to a human", "call me",
// "contact sales"): then a chatbot with a lead form offers the form instead of answering (an "I don't
// know… contact our team" beside the form read as a dead end). Phrases, not single words: "Do you
// build AI agents?", "human resources" or "someone's order" are questions to answer, not requests
// for a person. Pure, shared by the server (the reply) and its tests.

/** Speak or talk to a person, a human, an agent, someone, sales, the team… */
const TALK_TO =
	/\b(?:speak|talk|chat)(?:ing)? (?:to|with) (?:a |an |the |some |your |one of your )?(?:real |live |actual )?(?:person|people|human|agent|someone|somebody|representative|rep|operator|sales|support|team|staff|manager|executive)\b/
/** Call me (back), a call back, phone me, contact me / sales / support, connect me to… */
const REACH_ME =
	/\b(?:call me|call (?:me )?back|callback|give me a call|phone me|ring me|contact (?:me|sales|support|your team|the team|someone)|(?:connect|transfer) me (?:to|with))\b/
/** A real person, a live agent, a human please, I need a human. */
const A_PERSON =
	/\b(?:(?:real|live|actual) (?:person|human|agent)|(?:a |an )?(?:human|person|agent),? please|(?:want|need) (?:a|an) (?:human|person|agent))\b/

/** Whether the visitor's message asks to be put in touch with a person. */
export function asksForAPerson(message: string) {
	// One spelling of the gaps and the apostrophes, so the phrases above need not allow for each.
	const text = message.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ')
	return TALK_TO.test(text) || REACH_ME.test(text) || A_PERSON.test(text)
}
