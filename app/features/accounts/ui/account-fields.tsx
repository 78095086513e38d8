import { Field, PasswordField } from '~/components/ui/field.tsx'
import { PASSWORD_MIN_LENGTH, type FieldErrors } from '~/features/accounts/auth-schema.ts'

/** A new password and its confirmation, each with its own show/hide (sign-up, reset, change). */
export function NewPasswordFields({ label, errors }: { label: string; errors: FieldErrors }) {
	return (
		<>
			<PasswordField
				label={label}
				name="password"
				autoComplete="new-password"
				required
				minLength={PASSWORD_MIN_LENGTH}
				error={errors.password}
			/>
			<PasswordField
				label="Confirm Password"
				name="confirmPassword"
				autoComplete="new-password"
				required
				minLength={PASSWORD_MIN_LENGTH}
				error={errors.confirmPassword}
			/>
		</>
	)
}

/** The account's e-mail address (sign in, sign up, forgot password). */
export function EmailField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
	return (
		<Field
			label="Email"
			name="email"
			type="email"
			autoComplete="email"
			required
			defaultValue={defaultValue}
			error={error}
		/>
	)
}
