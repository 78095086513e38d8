// Knowledge and questions in the languages the product reads besides English, for the tests of
// retrieval and of the offline model (unit, integration and e2e alike): each language's passage that
// answers its question sits among distractors of the same language and of others.
// docs/decisions/0055-languages.md

/** A shop's knowledge in Hindi: delivery, returns, opening hours, payment, one passage each. */
export const HINDI_KNOWLEDGE = [
	'डिलीवरी: हम पूरे भारत में डिलीवरी करते हैं। डिलीवरी में आम तौर पर तीन से पाँच दिन लगते हैं।',
	'वापसी नीति: खरीद के तीस दिनों के भीतर आप कोई भी सामान वापस कर सकते हैं। पैसा सात दिनों में लौटाया जाता है।',
	'दुकान का समय: हमारी दुकान सोमवार से शनिवार सुबह दस बजे से शाम सात बजे तक खुली रहती है। रविवार को दुकान बंद रहती है।',
	'भुगतान: हम यूपीआई, डेबिट कार्ड और नकद स्वीकार करते हैं।',
].join('\n\n')

/** A Hindi question, the sentence of HINDI_KNOWLEDGE that answers it, and one that it must not pick. */
export const HINDI_QUESTION = {
	question: 'डिलीवरी में कितने दिन लगते हैं?',
	answer: 'डिलीवरी में आम तौर पर तीन से पाँच दिन लगते हैं।',
	notAnswer: 'पैसा सात दिनों में लौटाया जाता है।',
}

/** A Hindi question that HINDI_KNOWLEDGE does not answer. */
export const HINDI_UNANSWERED = 'क्या आप विदेश में भी भेजते हैं?'

/** A shop's knowledge in Spanish. */
export const SPANISH_KNOWLEDGE = [
	'Envíos: el envío a toda España cuesta cinco euros y es gratuito en pedidos de más de cincuenta euros.',
	'Devoluciones: puede devolver cualquier producto en un plazo de treinta días desde la compra.',
	'Horario: la tienda abre de lunes a sábado de diez de la mañana a ocho de la tarde.',
].join('\n\n')

export const SPANISH_QUESTION = { question: '¿Cuánto cuesta el envío?', answer: 'cuesta cinco euros' }

/** A shop's knowledge in German. */
export const GERMAN_KNOWLEDGE = [
	'Öffnungszeiten: Unser Geschäft ist montags bis freitags von neun bis achtzehn Uhr geöffnet.',
	'Versand: Die Lieferung innerhalb Deutschlands dauert zwei bis drei Werktage.',
	'Rückgabe: Sie können jede Bestellung innerhalb von vierzehn Tagen zurückgeben.',
].join('\n\n')

export const GERMAN_QUESTION = { question: 'Wann sind die Öffnungszeiten?', answer: 'von neun bis achtzehn Uhr' }

/** English distractors about the same subjects, as a bilingual shop's knowledge would have. */
export const ENGLISH_DISTRACTORS = [
	'Delivery: we ship worldwide; delivery takes five to seven days and costs ten dollars.',
	'Opening hours: our shop opens every day from nine in the morning to six in the evening.',
].join('\n\n')
