import { Field, PasswordField } from '~/components/ui/field.tsx'
import { PASSWORD_MIN_LENGTH, type FieldErrors } from '~/features/accounts/auth-schema.ts'

/** A new password and its confirmation, each with its own show/hide (sign-up, reset, change). */
export function NewPasswordFields({
	label,
	errors,
	idPrefix,
}: {
	label: string
	errors: FieldErrors
	/** Ids of their own, for a form in an island (ADR 0021). */
	idPrefix?: string
}) {
	return (
		<>
			<PasswordField
				id={idPrefix && `${idPrefix}-password`}
				label={label}
				name="password"
				autoComplete="new-password"
				required
				minLength={PASSWORD_MIN_LENGTH}
				error={errors.password}
			/>
			<PasswordField
				id={idPrefix && `${idPrefix}-confirm-password`}
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
export function EmailField({ defaultValue, error, id }: { defaultValue?: string; error?: string; id?: string }) {
	return (
		<Field
			id={id}
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
