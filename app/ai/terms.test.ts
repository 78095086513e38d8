import { expect, test } from 'vitest'
import { detectLanguage, otherReadings, stem, termsOf, tokenize, wordsOf } from './terms.ts'

test('stems are Snowball English (Porter2), as PostgreSQL makes them: forms of a word meet', () => {
	expect(['services', 'service', 'serviced'].map((word) => stem(word))).toEqual(['servic', 'servic', 'servic'])
	expect(['computing', 'computation', 'computed'].map((word) => stem(word))).toEqual(['comput', 'comput', 'comput'])
	expect(['directories', 'recursively', 'generously'].map((word) => stem(word))).toEqual([
		'directori',
		'recurs',
		'generous',
	])
})

test('a hyphenated code meets the same code written together, either way round', () => {
	const question = new Set(tokenize('How do I compute a SHA-256 hash?'))
	expect(question.has('sha256')).toBe(true)
	expect(tokenize("crypto.createHash('sha256')")).toContain('sha256')
	expect(new Set(tokenize('Send us an e-mail'))).toContain('email')
	expect(new Set(tokenize('Model ZX715'))).toEqual(new Set(['model', 'zx715']))
	expect(new Set(tokenize('Model ZX-715'))).toContain('zx715')
})

test('an identifier is found by its whole and by its parts; a dotted name by its parts', () => {
	expect(tokenize('crypto.createHash')).toEqual(['crypto', 'createhash', 'creat', 'hash'])
	expect(tokenize('highWaterMark')).toEqual(['highwatermark', 'high', 'water', 'mark'])
	expect(tokenize('parseJSONBody')).toEqual(['parsejsonbodi', 'pars', 'json', 'bodi'])
	// A capitalised word is a word, not an identifier.
	expect(tokenize('Readline XMLHttpRequest')).toEqual(['readlin', 'xmlhttprequest'])
	expect(tokenize('path.join()')).toEqual(['path', 'join'])
})

test('accents fold, stop words go, and each term knows which word it stands for', () => {
	expect(tokenize('Beyoncé and the café')).toEqual(tokenize('Beyonce and the cafe'))
	expect(termsOf('The path.join() method joins paths')).toEqual([
		{ term: 'path', at: 1 },
		{ term: 'join', at: 2 },
		{ term: 'method', at: 3 },
		{ term: 'join', at: 4 },
		{ term: 'path', at: 5 },
	])
})

test('a question in words as written, each with its terms (what a search can say is unknown)', () => {
	expect(wordsOf('Is the SHA-256 of it waterproof?')).toEqual([
		{ text: 'SHA-256', terms: ['sha', '256', 'sha256'] },
		{ text: 'waterproof', terms: ['waterproof'] },
	])
})

test('a word too long to be English is kept as it is, and quickly', () => {
	const blob = 'a'.repeat(100_000)
	expect(tokenize(blob)).toEqual([blob])
})

test('Spanish is read as whole words, accents folded and Snowball Spanish stems: "¿Cuánto cuesta?"', () => {
	const question = tokenize('¿Cuánto cuesta el envío?')
	expect(question).toEqual(['cuant', 'cuest', 'envi'])
	// "cuánto" and "cuanto", "cuesta" and "cuestan", "envío" and "envíos" meet.
	expect(tokenize('Cuanto cuestan los envios', 'es')).toEqual(question)
	expect(detectLanguage('¿Cuánto cuesta el envío?')).toBe('es')
})

test('German, French, Italian and Portuguese words stay whole and meet their other forms', () => {
	expect(tokenize('Öffnungszeiten')).toEqual(['offnungszeit'])
	expect(tokenize('Unsere Öffnungszeit ist…')).toContain('offnungszeit')
	expect(tokenize('Die Öffnungszeiten des Geschäfts')).toEqual(['offnungszeit', 'geschaft'])
	// Decomposed accents (NFD) are the same word as composed ones; "ß" is "ss".
	expect(tokenize('Die Öffnungszeiten'.normalize('NFD'))).toEqual(['offnungszeit'])
	expect(tokenize('die Straße', 'de')).toEqual(tokenize('die Strasse', 'de'))
	expect(tokenize('Combien coûtent les livraisons ?')).toEqual(['combien', 'coutent', 'livraison'])
	expect(tokenize("Combien coûte la livraison de l'été ?")).toEqual(['combien', 'cout', 'livraison'])
	expect(tokenize('Quanto costano le consegne?')).toContain('consegn')
	expect(tokenize('Quanto custam as entregas grátis?', 'pt')).toEqual(tokenize('Quanto custa a entrega gratis?', 'pt'))
	expect(tokenize('cœur', 'fr')).toEqual(['coeur'])
	expect(tokenize('ﬁle Ｆｕｌｌ')).toEqual(['file', 'full'])
})

test('Hindi keeps its vowel signs and virama inside words, ends words at "।", drops its stop words and stems', () => {
	expect(tokenize('डिलीवरी में कितने दिन लगते हैं?')).toEqual(['डिलीवर', 'दिन', 'लग'])
	expect(tokenize('डिलीवरी में आम तौर पर तीन से पाँच दिनों का समय लगता है।')).toEqual([
		'डिलीवर',
		'आम',
		'तौर',
		'तीन',
		'पाँच',
		'दिन',
		'समय',
		'लग',
	])
	expect(tokenize('नमस्ते। धन्यवाद')).toEqual(['नमस्त', 'धन्यवाद'])
	expect(detectLanguage('डिलीवरी में कितने दिन लगते हैं?')).toBe('hi')
})

test('mixed text: Devanagari words by Hindi rules, Latin ones by the text language, English unless it says', () => {
	expect(tokenize('हमारा WhatsApp नंबर services के लिए है')).toEqual(['whatsapp', 'नंबर', 'servic'])
	expect(tokenize('We ship envíos to Zürich')).toEqual(['ship', 'envio', 'zurich'])
	expect(detectLanguage('Öffnungszeiten?')).toBe('de')
	expect(detectLanguage('Pricing')).toBeNull()
	expect(detectLanguage('What does the Falcon cost?')).toBe('en')
})

test('a question word too short to tell its language is read every Latin way, for the search to choose', () => {
	const readings = otherReadings('Preise', 'en')
	expect([...readings.get(0)!]).toContain('preis')
	expect(wordsOf('Lieferungen?')[0].terms).toEqual(expect.arrayContaining(['lieferungen', 'liefer']))
})
