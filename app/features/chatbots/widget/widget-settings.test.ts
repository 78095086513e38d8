import { expect, test } from 'vitest'
import {
	appearanceOf,
	contrastRatio,
	DEFAULT_APPEARANCE,
	originAllowed,
	sitePattern,
	textColorOn,
	widgetTheme,
	WidgetSettingsSchema,
} from './widget-settings.ts'

test('allowed sites: what owners type becomes a host pattern; what is not a host is refused', () => {
	expect(sitePattern('https://www.Acme.in/contact?x=1')).toBe('www.acme.in')
	expect(sitePattern('*.acme.in')).toBe('*.acme.in')
	expect(sitePattern('localhost:3000')).toBe('localhost:3000')
	expect(sitePattern('shop.acme.in.')).toBe('shop.acme.in')
	for (const bad of ['*.com', 'not a host', 'acme.in:99999', '*', 'javascript:alert(1)', 'a..b', '-x.com'])
		expect(sitePattern(bad), bad).toBeNull()
})

test('an origin is allowed by an exact host on any port, a wildcard for its subdomains, and a named port only', () => {
	const sites = ['www.acme.in', '*.shop.acme.in', 'localhost:3000', '127.0.0.1']
	expect(originAllowed('https://www.acme.in', sites)).toBe(true)
	expect(originAllowed('http://www.acme.in', sites)).toBe(true)
	expect(originAllowed('https://eu.shop.acme.in', sites)).toBe(true)
	expect(originAllowed('http://localhost:3000', sites)).toBe(true)
	// A host saved without a port allows it on any port.
	expect(originAllowed('http://127.0.0.1:3975', sites)).toBe(true)
	expect(originAllowed('http://127.0.0.1', sites)).toBe(true)
	expect(originAllowed('https://www.acme.in:8443', sites)).toBe(true)
	expect(originAllowed('https://eu.shop.acme.in:8443', sites)).toBe(true)
	// A host saved with a port allows that port only; a default port written out is the default.
	expect(originAllowed('http://localhost:4000', sites)).toBe(false)
	expect(originAllowed('http://localhost', sites)).toBe(false)
	expect(originAllowed('https://acme.in', ['acme.in:443'])).toBe(true)
	expect(originAllowed('http://acme.in', ['acme.in:443'])).toBe(false)
	expect(originAllowed('http://acme.in', ['acme.in:80'])).toBe(true)
	// Not: the bare domain of a wildcard, a look-alike, another scheme, nonsense.
	expect(originAllowed('https://shop.acme.in', sites)).toBe(false)
	expect(originAllowed('https://evilshop.acme.in', ['*.shop.acme.in'])).toBe(false)
	expect(originAllowed('https://www.acme.in.evil.example', sites)).toBe(false)
	expect(originAllowed('http://127.0.0.10:3975', sites)).toBe(false)
	expect(originAllowed('ftp://www.acme.in', sites)).toBe(false)
	expect(originAllowed('null', sites)).toBe(false)
})

test('colours: text on the brand colour always passes AA; a colour too light for white pages is refused', () => {
	for (const brand of ['#4f46e5', '#facc15', '#777777', '#0f766e', '#ffffff', '#000000'])
		expect(contrastRatio(brand, textColorOn(brand)), brand).toBeGreaterThanOrEqual(4.5)
	expect(textColorOn('#facc15')).toBe('#000000')
	// Links in the widget use a shade of the brand colour that passes AA on white.
	expect(contrastRatio(widgetTheme('#0ea5e9')['--color-brand-700'], '#ffffff')).toBeGreaterThanOrEqual(4.5)
	const light = WidgetSettingsSchema.safeParse({ brandColor: '#fde047', icon: 'bot', launcherPosition: 'right' })
	expect(light.success).toBe(false)
	expect(light.error?.issues[0].message).toMatch(/too light to see on a white page \(1\.\d:1/)
})

test('the form: lines become lists, checkboxes booleans, and limits hold', () => {
	const form = {
		brandColor: '#0F766E',
		icon: 'headset',
		launcherPosition: 'left',
		suggestedQuestions: 'Do you deliver?\n\n  What does it cost?  \n',
		showSources: 'on',
		allowedSites: 'https://acme.in/\n*.acme.in\nacme.in',
	}
	expect(WidgetSettingsSchema.parse(form)).toMatchObject({
		brandColor: '#0f766e',
		suggestedQuestions: ['Do you deliver?', 'What does it cost?'],
		showSources: true,
		allowedSites: ['acme.in', '*.acme.in'],
	})
	const tooMany = WidgetSettingsSchema.safeParse({ ...form, suggestedQuestions: 'a\nb\nc\nd\ne' })
	expect(tooMany.error?.issues[0].message).toBe('Suggest at most 4 questions.')
	const badSite = WidgetSettingsSchema.safeParse({ ...form, allowedSites: 'acme.in\n<script>' })
	expect(badSite.error?.issues[0].message).toMatch(/is not a site address/)
	// A stored appearance of any shape reads safely over the defaults.
	expect(appearanceOf({ brandColor: 'red', launcherLabel: 'Ask us' })).toEqual({
		...DEFAULT_APPEARANCE,
		launcherLabel: 'Ask us',
	})
	expect(appearanceOf(null)).toEqual(DEFAULT_APPEARANCE)
})

test('a lead form always asks for a way to reach the visitor: saved off with every field off, it asks for an e-mail', () => {
	const off = appearanceOf({
		leadForm: { mode: 'off', afterMessages: 3, fields: { name: 'off', email: 'off', phone: 'off' } },
	})
	expect(off.leadForm.fields).toEqual({ name: 'off', email: 'required', phone: 'off' })
	// A phone alone is a way too.
	const phone = appearanceOf({
		leadForm: { mode: 'after', afterMessages: 3, fields: { name: 'optional', email: 'off', phone: 'required' } },
	})
	expect(phone.leadForm.fields).toEqual({ name: 'optional', email: 'off', phone: 'required' })
})
