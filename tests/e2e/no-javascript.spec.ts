import { expect, test } from '@playwright/test'
import { career } from '~/content/career.ts'
import { company } from '~/content/company.ts'
import { services } from '~/content/services.ts'
import { publicPaths } from './helpers.ts'

test.use({ javaScriptEnabled: false })

test('home page is complete without JavaScript', async ({ page }) => {
	await page.goto('/')
	await expect(page.getByRole('heading', { level: 1, name: 'Empower your business with AI' })).toBeVisible()
	await expect(page.getByRole('list', { name: 'Highlights' }).getByRole('listitem')).toHaveCount(2)
	for (const card of ['Custom Development', 'AI Chat', 'AI Assistant']) {
		await expect(page.getByRole('button', { name: new RegExp(card) })).toBeVisible()
	}
	// The first example prompt is shown in full.
	await expect(page.getByTestId('typewriter-text')).toHaveText(
		'Build a GST-ready invoicing portal for my distribution business',
	)
	// The hero's ask bar posts to the chat page, which answers there.
	await page
		.getByRole('textbox', { name: 'Describe what you want to build, and ask Riya' })
		.fill('When is the workshop?')
	await page.getByRole('button', { name: 'Ask Riya' }).click()
	await expect(page).toHaveURL(/\/chat$/)
	await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('Saturday, 7-8 PM IST')
	await page.goBack()
	await expect(page.getByRole('link', { name: /Explore Our Builders/ })).toHaveAttribute('href', '/playground')
	await expect(page.getByRole('link', { name: /AI Chatbot Builder/ })).toHaveAttribute('href', '/playground')
	await expect(page.getByRole('link', { name: /Voicebot Builder/ })).toHaveAttribute('href', '/playground')

	const servicesSection = page.locator('section#services')
	for (const title of ['Autonomous AI Agents', 'Voice Assistants', 'AI Chatbots', 'Custom Software Development']) {
		await expect(servicesSection.getByRole('heading', { name: title })).toBeVisible()
	}
	await expect(servicesSection.getByText('Featured')).toHaveCount(3)
	const getStarted = servicesSection.getByRole('link', { name: /^Get Started/ })
	await expect(getStarted).toHaveCount(4)
	expect(await getStarted.evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toEqual([
		'/services/autonomous-ai-agents',
		'/services/voice-assistants',
		'/services/ai-chatbots',
		'/services/custom-software-development',
	])

	await expect(page.getByText('Coming Soon')).toBeVisible()
	for (const flow of ['Inbound Call Handling', 'Inventory Management', 'Field Note Logging', 'CRM Updates']) {
		await expect(page.getByRole('button', { name: new RegExp(flow) })).toBeVisible()
	}
	await expect(page.getByText('Up to 70%')).toBeVisible()
	await expect(page.getByText('Unlimited', { exact: true })).toBeVisible()
	await expect(page.getByText('$127B')).toBeVisible()
	await expect(page.getByText('conversational AI market by 2030')).toBeVisible()
	const schedule = page.getByRole('link', { name: /Schedule a Consultation/ })
	await expect(schedule).toHaveAttribute('target', '_blank')
	await expect(schedule).toHaveAttribute('href', company.externalLinks.scheduling)

	await expect(page.getByRole('heading', { name: '3-Month AI Internship Program' })).toBeVisible()
})

test('the mobile menu opens without JavaScript', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 })
	await page.goto('/')
	await page.locator('header summary').click()
	await expect(page.locator('header details')).toHaveAttribute('open')
	await expect(page.locator('header details').getByRole('link', { name: 'Career' })).toBeVisible()
})

test('career page without JavaScript', async ({ page }) => {
	await page.goto('/career')
	await expect(page.getByRole('heading', { level: 1, name: '3-Month AI Internship Program' })).toBeVisible()
	for (const topic of [
		'AI Chatbot Development',
		'Voicebot Project',
		'LLM Deployment',
		'RAG Implementation',
		'AI Automation',
	]) {
		await expect(page.getByText(topic, { exact: true })).toBeVisible()
	}
	const apply = page.getByRole('link', { name: /Apply for Internship/ })
	await expect(apply).toHaveAttribute('href', company.externalLinks.internshipForm)
	await expect(apply).toHaveAttribute('target', '_blank')
	const register = page.getByRole('link', { name: /Register Now/ })
	await expect(register).toHaveAttribute('href', company.externalLinks.workshopForm)
	await expect(register).toHaveAttribute('target', '_blank')
	await expect(page.getByText('Saturday, 7-8 PM IST')).toBeVisible()
	for (const perk of ['Industry Projects', 'Certificate', 'Mentorship', 'Resume Support']) {
		await expect(page.getByRole('heading', { name: perk })).toBeVisible()
	}
	expect(career.topics).toHaveLength(5)
})

for (const service of services) {
	test(`service page /services/${service.slug}`, async ({ page }) => {
		await page.goto(`/services/${service.slug}`)
		await expect(page.getByRole('heading', { level: 1, name: service.page.title })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Back to Services' })).toHaveAttribute('href', '/#services')
		const main = page.locator('main')
		await expect(main.getByText(service.page.badge, { exact: true }).first()).toBeVisible()
		await expect(main.getByText(service.page.intro)).toBeVisible()
		for (const benefit of service.page.benefits) await expect(main.getByText(benefit)).toBeVisible()
		for (const feature of service.page.features)
			await expect(main.getByRole('heading', { name: feature.title })).toBeVisible()
		await expect(main.getByRole('link', { name: new RegExp(service.page.ctaLabel) })).toBeVisible()
		if (service.slug === 'managed-cloud-services') {
			for (const platform of ['AWS', 'Azure', 'GCP'])
				await expect(main.getByText(platform, { exact: true })).toBeVisible()
		}
	})
}

test('service CTA labels are the spec’s', async () => {
	expect(services.map((s) => s.page.ctaLabel)).toEqual([
		'Get Started with AI Agents',
		'Build Your Voice Assistant',
		'Deploy Your AI Chatbot',
		'Start Your Project',
		'Build Your Mobile App',
		'Optimize Your Cloud',
	])
})

test('footer carries every contact detail and link the spec lists', async ({ page }) => {
	await page.goto('/career')
	const footer = page.locator('footer#contact')
	await expect(footer.getByText(company.description)).toBeVisible()
	for (const area of ['Custom Software', 'AI Solutions', 'Mobile App Development', 'Cloud Services', 'Cybersecurity']) {
		await expect(footer.getByRole('link', { name: area, exact: true })).toBeVisible()
	}
	for (const link of ['About Us', 'Case Studies', 'Careers', 'Blog']) {
		await expect(footer.getByRole('link', { name: link, exact: true })).toBeVisible()
	}
	const scheduleCall = footer.getByRole('link', { name: /Schedule a Call/ })
	await expect(scheduleCall).toHaveAttribute('href', company.externalLinks.scheduling)
	await expect(scheduleCall).toHaveAttribute('target', '_blank')
	await expect(footer.getByText('Greater Noida', { exact: false })).toBeVisible()
	await expect(footer.getByRole('link', { name: company.phone.display })).toHaveAttribute('href', company.phone.href)
	const mailLinks = footer.locator('a[href^="mailto:"]')
	await expect(mailLinks).toHaveCount(3)
	await expect(footer.getByText('Monday - Saturday:')).toBeVisible()
	await expect(footer.getByText('9am - 6pm')).toBeVisible()
	await expect(footer.getByText('Sunday:')).toBeVisible()
	await expect(footer.getByText('Closed')).toBeVisible()
	await expect(footer.getByRole('list', { name: 'Social media' }).getByRole('link')).toHaveCount(4)
	for (const legal of ['Privacy Policy', 'Terms of Service', 'Cookies']) {
		await expect(footer.getByRole('link', { name: legal })).toBeVisible()
	}
	await expect(
		footer.getByText(`© ${new Date().getFullYear()} ${company.legalName} All rights reserved.`),
	).toBeVisible()
})

test('every public page answers 200 and is server-rendered', async ({ request }) => {
	for (const path of publicPaths) {
		const response = await request.get(path)
		expect(response.status(), path).toBe(200)
		expect(await response.text(), path).toContain('<footer id="contact"')
	}
})
