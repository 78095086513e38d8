import { expect, test } from '@playwright/test'
import { freezeClock } from './helpers.ts'

test.use({ timezoneId: 'Asia/Kolkata' })

test('workshop countdown ticks every second toward the next Saturday 19:00 local time', async ({ page }) => {
	// Wednesday 18 November 2026, 10:00:00 in Kolkata: 3 days 9 hours to Saturday 19:00.
	await freezeClock(page, new Date('2026-11-18T10:00:00+05:30'))
	await page.goto('/career')
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

test('on a Saturday afternoon it counts to the following Saturday', async ({ page }) => {
	await freezeClock(page, new Date('2026-11-21T18:00:00+05:30'))
	await page.goto('/career')
	await expect(page.getByTestId('countdown-days')).toHaveText('07')
	await expect(page.getByTestId('countdown-hours')).toHaveText('01')
})

test('without JavaScript the schedule is still readable', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto('/career')
	await expect(page.getByText('Saturday, 7-8 PM IST')).toBeVisible()
	await expect(page.getByTestId('countdown-days')).toHaveText('--')
	await context.close()
})
