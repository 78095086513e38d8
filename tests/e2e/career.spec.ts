import { expect, test } from '@playwright/test'
import { expectIslandLive, freezeClock } from './helpers.ts'

test.use({ timezoneId: 'Asia/Kolkata' })

test('workshop countdown ticks every second toward the next Saturday 19:00 India time', async ({ page }) => {
	// Wednesday 18 November 2026, 10:00:00 in Kolkata: 3 days 9 hours to Saturday 19:00.
	await freezeClock(page, new Date('2026-11-18T10:00:00+05:30'))
	await page.goto('/career')
	// The countdown wakes as it comes into view.
	await page.getByTestId('countdown-days').scrollIntoViewIfNeeded()
	await expectIslandLive(page, 'workshop-countdown')
	await expect(page.getByTestId('countdown-days')).toHaveText('03')
	await expect(page.getByTestId('countdown-hours')).toHaveText('09')
	await expect(page.getByTestId('countdown-minutes')).toHaveText('00')
	await expect(page.getByTestId('countdown-seconds')).toHaveText('00')
	await page.clock.runFor(1000)
	await expect(page.getByTestId('countdown-hours')).toHaveText('08')
	await expect(page.getByTestId('countdown-minutes')).toHaveText('59')
	await expect(page.getByTestId('countdown-seconds')).toHaveText('59')
	await page.clock.runFor(1000)
	await expect(page.getByTestId('countdown-seconds')).toHaveText('58')
})

test('on a Saturday afternoon it counts to that evening, and shows the workshop live at 19:00', async ({ page }) => {
	await freezeClock(page, new Date('2026-11-21T18:59:58+05:30'))
	await page.goto('/career')
	await page.getByTestId('countdown-days').scrollIntoViewIfNeeded()
	await expect(page.getByTestId('countdown-days')).toHaveText('00')
	await expect(page.getByTestId('countdown-hours')).toHaveText('00')
	await expect(page.getByTestId('countdown-seconds')).toHaveText('02')
	await expect(page.getByTestId('workshop-live')).toHaveCount(0)
	await page.clock.runFor(3000)
	await expect(page.getByTestId('workshop-live')).toHaveText('Live now: the workshop has started')
})

test.describe('a visitor abroad', () => {
	test.use({ timezoneId: 'Europe/London' })
	test('counts to 19:00 India time, not 19:00 their own', async ({ page }) => {
		// Saturday 12:00 in London is 17:30 in India: 1 h 30 min to go.
		await freezeClock(page, new Date('2026-11-21T12:00:00Z'))
		await page.goto('/career')
		await page.getByTestId('countdown-days').scrollIntoViewIfNeeded()
		await expect(page.getByTestId('countdown-days')).toHaveText('00')
		await expect(page.getByTestId('countdown-hours')).toHaveText('01')
		await expect(page.getByTestId('countdown-minutes')).toHaveText('30')
	})
})

test('without JavaScript the schedule is still readable', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto('/career')
	await expect(page.getByText('Saturday, 7-8 PM IST')).toBeVisible()
	await expect(page.getByTestId('countdown-days')).toHaveText('--')
	await context.close()
})
