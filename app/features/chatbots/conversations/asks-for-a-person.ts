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
	/\b(?:(?:real|live|actual) (?:person|human|agent)|(?:a |an )?(?:human|person|agent),? please|(?:want|need|get me) (?:a|an) (?:human|person|agent|representative))\b/
/**
 * Asking whether a person can help: "Can a human help me with closures?", "could someone from your
 * team assist", "is there a person I can talk to", "is anyone from support available". The helping
 * verb must follow the person directly, so "Can a human-readable format help?" or "Can AI agents
 * help?" stay questions about the product.
 */
const CAN_SOMEONE_HELP =
	/\b(?:can|could|would|will|may) (?:a |an |some |one of your |your |the )?(?:real |live |actual )?(?:human|person|agent|someone|somebody|anyone|anybody|staff|representative|rep|(?:support|sales) team|team member|member of (?:your |the )?(?:staff|team))(?: (?:from|at|on) (?:your |the )?(?:team|support|sales|company))? (?:please )?(?:help|assist|answer|call|contact|get back|look at|reply)\b/
const IS_THERE_SOMEONE =
	/\b(?:is there|are there|do you have|is) (?:a |an |any |some )?(?:real |live |actual )?(?:human|person|people|agent|someone|somebody|anyone|anybody|staff|representative)(?: (?:i|we) can (?:talk|speak|chat)| (?:available|around|online|here|there)| to (?:talk|speak|chat))\b/
/**
 * Hindi (the product's other chat language), in Devanagari and in Latin letters: "किसी इंसान से बात
 * करनी है", "एजेंट से जोड़ें", "क्या कोई इंसान मदद कर सकता है", "mujhe kisi insaan se baat karni hai",
 * "मुझे कॉल करें". No \b: JavaScript's word boundary knows only Latin letters.
 */
const HINDI =
	/(?:इंसान|इन्सान|व्यक्ति|आदमी|एजेंट|किसी|कर्मचारी|प्रतिनिधि|टीम|सपोर्ट)(?: के साथ| से) (?:बात|संपर्क|जोड़|जोड|मिल|मिलवा)|(?:कोई|किसी) (?:असली )?(?:इंसान|इन्सान|व्यक्ति|आदमी|एजेंट|कर्मचारी)(?: से)? (?:मदद|सहायता|बात)|मुझे (?:कॉल|फ़ोन|फोन) (?:करें|करो|कीजिए|कीजिये)|कॉल ?बैक|(?:^|\s)(?:insaan|insan|kisi|vyakti|aadmi|agent|banda|team)(?: ke saath| se) (?:baat|contact|sampark|milwa|jod)/

/** Whether the visitor's message asks to be put in touch with a person. */
export function asksForAPerson(message: string) {
	// One spelling of the gaps and the apostrophes, so the phrases above need not allow for each.
	const text = message.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ')
	return [TALK_TO, REACH_ME, A_PERSON, CAN_SOMEONE_HELP, IS_THERE_SOMEONE, HINDI].some((phrase) => phrase.test(text))
}
