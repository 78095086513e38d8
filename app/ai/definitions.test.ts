import { expect, test } from 'vitest'
import {
	answersDefinition,
	definedSubject,
	definesSubject,
	definingSentencePattern,
	definitionAsked,
} from './definitions.ts'

test('what a "What is X?" question asks to be defined', () => {
	expect(definedSubject('What is Memcheck?')).toBe('Memcheck')
	expect(definedSubject('what is a calling convention')).toBe('calling convention')
	expect(definedSubject("What's your refund policy?")).toBe('refund policy')
	// Not a thing to define: a comparison, a part of something, a pronoun, a long description.
	expect(definedSubject('What is the difference between Memcheck and Massif?')).toBeNull()
	expect(definedSubject('What is the name of the tool?')).toBeNull()
	expect(definedSubject('What is it?')).toBeNull()
	expect(definedSubject('What is the best cheap fast small widget?')).toBeNull()
	expect(definedSubject('How do I run Memcheck?')).toBeNull()
})

test('a sentence defines its subject when it opens by saying what it is, not in passing', () => {
	expect(definesSubject('Memcheck is a memory error detector.', 'Memcheck')).toBe(true)
	expect(definesSubject('A calling convention is a set of assumptions.', 'calling convention')).toBe(true)
	expect(definesSubject('Our refund policy is 30 days, no questions asked.', 'refund policy')).toBe(true)
	expect(definesSubject('**Massif** (a heap profiler) is a Valgrind tool.', 'Massif')).toBe(true)
	expect(definesSubject('Our opening hours are 9 am to 6 pm.', 'opening hours')).toBe(true)
	expect(definesSubject('A cif stands for Call InterFace.', 'cif')).toBe(true)
	expect(definesSubject('`libffi` is missing a few features.', 'libffi')).toBe(false)
	expect(definesSubject('`libffi` is perfectly happy passing structures back and forth.', 'libffi')).toBe(false)
	expect(definesSubject('Closures are not supported here.', 'closures')).toBe(false)
	expect(definesSubject('Memcheck is a bit easier when using this option.', 'Memcheck')).toBe(false)
	expect(definesSubject('massif-visualizer is a graphical viewer for Massif data.', 'Massif')).toBe(false)
	expect(definesSubject('To use this tool, specify --tool=memcheck.', 'Memcheck')).toBe(false)
})

test("the database's pattern takes the question's words literally", () => {
	const pattern = definingSentencePattern('a.*b (c)')
	expect(pattern).toContain('a\\.\\*b\\s+\\(c\\)')
})

test('"What does X do?" asks what X is for; "What does X detect?" asks with a verb the answer must say', () => {
	expect(definitionAsked('What does Helgrind detect?')).toEqual({ subject: 'Helgrind', verb: 'detect' })
	expect(definitionAsked('What does Memcheck do?')).toEqual({ subject: 'Memcheck', verb: null })
	expect(definitionAsked('What does FFI stand for?')).toEqual({ subject: 'FFI', verb: 'stand' })
	expect(definitionAsked('What do you offer?')).toBeNull()
	const helgrind = definitionAsked('What does Helgrind detect?')!
	expect(answersDefinition('Helgrind is a Valgrind tool for detecting synchronisation errors.', helgrind)).toBe(true)
	expect(answersDefinition('Helgrind is a Valgrind tool.', helgrind)).toBe(false)
	expect(answersDefinition('In this case Helgrind has detected a deadlock.', helgrind)).toBe(false)
	expect(answersDefinition('Helgrind detects data races.', helgrind)).toBe(true)
	expect(
		answersDefinition('FFI stands for Foreign Function Interface.', definitionAsked('What does FFI stand for?')!),
	).toBe(true)
})

test("a visitor's long question is no definition question, and is not scanned by the patterns", () => {
	expect(definitionAsked(`What does ${'x '.repeat(1000)}do?`)).toBeNull()
	expect(definitionAsked(`What is ${'a'.repeat(1990)}?`)).toBeNull()
})
