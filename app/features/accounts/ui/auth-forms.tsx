// The sign-in and sign-up forms of /auth. They are islands (ADR 0021): without React Router, each
// posts as a plain form, which works the same without JavaScript. Once live, the browser checks the
// fields with the server's schema first, and the button says the server is working until the next
// page arrives.
import { useEffect, useState } from 'react'
import { showToast, ToastMessage } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, PasswordField } from '~/components/ui/field.tsx'
import { legalPaths } from '~/content/legal.ts'
import { SignInSchema, SignUpSchema, type FieldErrors } from '~/features/accounts/auth-schema.ts'
import type { Toast } from '~/lib/toast.ts'
import { EmailField, NewPasswordFields } from './account-fields.tsx'
import { useAccountForm } from './use-account-form.ts'

/** What the server said about the last post of this form (plain data: island props are JSON). */
export type AuthFormResult = { toast: Toast | null; fieldErrors: FieldErrors; email: string; fullName: string }

/**
 * An account form posted by the browser: checked first with the server's schema (useAccountForm),
 * and busy from a post that passed until the page is left (or shown again from history).
 */
function usePostedAccountForm(...[schema, serverErrors, onInvalid]: Parameters<typeof useAccountForm>) {
	const [busy, setBusy] = useState(false)
	useEffect(() => {
		const reset = (event: PageTransitionEvent) => event.persisted && setBusy(false)
		window.addEventListener('pageshow', reset)
		return () => window.removeEventListener('pageshow', reset)
	}, [])
	const { errors, formProps } = useAccountForm(schema, serverErrors, onInvalid)
	const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
		formProps.onSubmit(event)
		if (!event.defaultPrevented) setBusy(true)
	}
	return { busy, errors, formProps: { ...formProps, onSubmit } }
}

export function SignInForm({ redirectTo, result }: { redirectTo: string | null; result: AuthFormResult | null }) {
	const { busy, errors, formProps } = usePostedAccountForm(SignInSchema, result?.fieldErrors)
	return (
		<form {...formProps} className="mt-6 space-y-4" aria-label="Sign In">
			<input type="hidden" name="intent" value="signin" />
			{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
			<EmailField id="sign-in-email" defaultValue={result?.email} error={errors.email} />
			<PasswordField
				id="sign-in-password"
				label="Password"
				name="password"
				autoComplete="current-password"
				required
				error={errors.password}
			/>
			<Button type="submit" disabled={busy} size="lg" className="w-full">
				{busy ? 'Signing in...' : 'Sign In'}
			</Button>
			<p className="text-center text-sm">
				<a href="/auth/forgot-password" className="text-brand-700 font-semibold hover:underline">
					Forgot password?
				</a>
			</p>
			<ToastMessage toast={result?.toast} />
		</form>
	)
}

export function SignUpForm({ result }: { result: AuthFormResult | null }) {
	const { busy, errors, formProps } = usePostedAccountForm(SignUpSchema, result?.fieldErrors, (fieldErrors) => {
		if (fieldErrors.confirmPassword === 'Passwords do not match' && Object.keys(fieldErrors).length === 1)
			showToast({ type: 'error', title: 'Password mismatch', description: 'Passwords do not match' })
	})
	return (
		<form {...formProps} className="mt-6 space-y-4" aria-label="Sign Up">
			<input type="hidden" name="intent" value="signup" />
			<Field
				id="sign-up-full-name"
				label="Full Name"
				name="fullName"
				autoComplete="name"
				required
				defaultValue={result?.fullName}
				error={errors.fullName}
			/>
			<EmailField id="sign-up-email" defaultValue={result?.email} error={errors.email} />
			<NewPasswordFields idPrefix="sign-up" label="Password" errors={errors} />
			<Button type="submit" disabled={busy} size="lg" className="w-full">
				{busy ? 'Creating account...' : 'Create Account'}
			</Button>
			<p className="text-center text-xs leading-relaxed text-slate-600">
				By creating an account you accept our <LegalLink href={legalPaths.terms}>Terms of Service</LegalLink> and{' '}
				<LegalLink href={legalPaths.privacy}>Privacy Policy</LegalLink>.
			</p>
			<ToastMessage toast={result?.toast} />
		</form>
	)
}

/** A legal page from the sign-up form, in a new tab so that what was typed stays. */
function LegalLink({ href, children }: { href: string; children: string }) {
	return (
		<a href={href} target="_blank" rel="noopener noreferrer" className="text-brand-700 font-semibold hover:underline">
			{children}
			<span className="sr-only"> (opens in a new tab)</span>
		</a>
	)
}
