// One error boundary for every route, as the Epic Stack has it: a handler per HTTP status the route
// expects (404, 403, ...), a default for other statuses, and one for thrown exceptions. The server
// log has the details; the page says what a visitor can do.
import { isRouteErrorResponse, useRouteError, type ErrorResponse } from 'react-router'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { company } from '~/content/company.ts'

type StatusHandler = (info: { error: ErrorResponse }) => React.ReactNode | null

/** The status and message of anything a route threw, for showing. */
function describeRouteError(error: unknown) {
	if (isRouteErrorResponse(error)) {
		return `${error.status} ${error.statusText || (typeof error.data === 'string' ? error.data : '')}`.trim()
	}
	return error instanceof Error ? error.message : 'Unknown error'
}

/** Spec: "a default fallback shows the heading 'Unexpected Application Error!' with the error status or message". */
function UnexpectedError({ detail }: { detail: string }) {
	return (
		<section className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 pt-36 pb-24 sm:px-6">
			<h1 className="font-display text-3xl font-bold text-slate-900 sm:text-4xl">Unexpected Application Error!</h1>
			<p className="rounded-lg bg-rose-50 px-4 py-3 font-mono text-sm text-rose-800">{detail}</p>
			<p>
				Something went wrong on our side. Please try again, or contact us at{' '}
				<a className="text-brand-700 font-medium underline" href={`mailto:${company.emails[0].address}`}>
					{company.emails[0].address}
				</a>
				.
			</p>
			<ButtonLink to="/" reloadDocument>
				Return to Home
			</ButtonLink>
		</section>
	)
}

export function GeneralErrorBoundary({
	statusHandlers,
	defaultStatusHandler = ({ error }) => <UnexpectedError detail={describeRouteError(error)} />,
	unexpectedErrorHandler = (error) => <UnexpectedError detail={describeRouteError(error)} />,
}: {
	statusHandlers?: Partial<Record<number, StatusHandler>>
	defaultStatusHandler?: StatusHandler
	unexpectedErrorHandler?: (error: unknown) => React.ReactNode | null
}) {
	const error = useRouteError()
	if (isRouteErrorResponse(error)) return (statusHandlers?.[error.status] ?? defaultStatusHandler)({ error })
	return unexpectedErrorHandler(error)
}
