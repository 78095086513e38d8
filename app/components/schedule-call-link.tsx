import { ArrowUpRight } from 'lucide-react'
import { ExternalButtonLink } from '~/components/ui/button.tsx'
import { company } from '~/content/company.ts'

/** A button to the external scheduling page (a call with us), in a new tab, with the arrow out. */
export function ScheduleCallLink({
	children,
	...props
}: Omit<React.ComponentProps<typeof ExternalButtonLink>, 'href'>) {
	return (
		<ExternalButtonLink href={company.externalLinks.scheduling} {...props}>
			{children}
			<ArrowUpRight className="size-4" aria-hidden />
		</ExternalButtonLink>
	)
}
