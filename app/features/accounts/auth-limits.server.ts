// The accounts feature's rate limits (docs/decisions/0013-account-security.md): each limit's key, window
// and budget, counted on the shared mechanism in lib/rate-limit.server.ts.
import type { RateLimitRule } from '~/lib/rate-limit.server.ts'

type Limits = Array<[key: string, rule: RateLimitRule]>

const MINUTE = 60_000

const rules = {
	/**
	 * Failed sign-ins only (a success hands its attempt back): per client IP across accounts; per
	 * account from browsers that have not signed in to it before; and per device that has (its own
	 * counter, so guessing from elsewhere never locks the owner out of a browser they use).
	 */
	signInFailuresPerIp: { limit: 20, windowMs: 15 * MINUTE },
	signInFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
	signInFailuresPerDevice: { limit: 10, windowMs: 15 * MINUTE },
	signUpPerIp: { limit: 10, windowMs: 60 * MINUTE },
	signUpPerEmail: { limit: 3, windowMs: 60 * MINUTE },
	/** New verification links sent on sign-in to an unverified account, per address. */
	verificationResendsPerEmail: { limit: 3, windowMs: 60 * MINUTE },
	/** Password-reset e-mails: per IP, and per address so nobody can flood an inbox. */
	passwordResetPerIp: { limit: 10, windowMs: 60 * MINUTE },
	passwordResetPerEmail: { limit: 3, windowMs: 60 * MINUTE },
	/** Wrong current passwords on "Change password", per signed-in user. */
	changePasswordFailuresPerUser: { limit: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>

/** The per-account sign-in counter, which a password reset clears. */
export const signInAccountKey = (email: string) => `sign-in:account:${email}`

/** A sign-in from `ip`: per device when this browser has signed in to the account before, else per account. */
export const signInLimits = (ip: string, email: string, deviceId: string | null): Limits => [
	[`sign-in:ip:${ip}`, rules.signInFailuresPerIp],
	deviceId
		? [`sign-in:device:${deviceId}`, rules.signInFailuresPerDevice]
		: [signInAccountKey(email), rules.signInFailuresPerAccount],
]

export const signUpLimits = (ip: string, email: string): Limits => [
	[`sign-up:ip:${ip}`, rules.signUpPerIp],
	[`sign-up:email:${email}`, rules.signUpPerEmail],
]

/** A new verification link sent to `email` because its owner signed in before verifying. */
export const signInResendLimit = (email: string): Limits[number] => [
	`verify-resend:email:${email}`,
	rules.verificationResendsPerEmail,
]

/** "Resend the link" on the Check your inbox page: it shares the per-address count with sign-in's. */
export const resendLimits = (ip: string, email: string): Limits => [
	[`verify-resend:ip:${ip}`, rules.signUpPerIp],
	signInResendLimit(email),
]

export const passwordResetLimits = (ip: string, email: string): Limits => [
	[`password-reset:ip:${ip}`, rules.passwordResetPerIp],
	[`password-reset:email:${email}`, rules.passwordResetPerEmail],
]

export const changePasswordLimits = (userId: string): Limits => [
	[`change-password:user:${userId}`, rules.changePasswordFailuresPerUser],
]
