import { Link, type LinkProps } from 'react-router'
import { buttonClasses, type ButtonStyleProps } from './button.tsx'

/**
 * A React Router link styled as a button. Apart from the button itself, so that islands (which use
 * buttons but run without React Router, ADR 0021) do not pull the router in.
 */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & ButtonStyleProps) {
	return <Link className={buttonClasses({ variant, size, className })} {...props} />
}
