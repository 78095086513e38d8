import { Sparkles } from 'lucide-react'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { INVALID_LINK } from '~/features/accounts/copy.ts'

/** The card every account page sits in (sign in, verify, reset password), over the brand backdrop. */
export function AuthCard({
	title,
	subtitle,
	children,
}: {
	title: string
	subtitle: React.ReactNode
	children: React.ReactNode
}) {
	// The top padding leaves room for a two-line toast under the header, so a toast about the form
	// never covers the form (the backdrop's glow is clipped so phones do not scroll sideways).
	return (
		<section className="relative isolate flex min-h-[calc(100dvh-4rem)] items-center justify-center overflow-x-clip px-4 pt-40 pb-16">
			<div
				aria-hidden
				className="bg-grid absolute inset-0 -z-10 [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_75%)]"
			/>
			<div
				aria-hidden
				className="from-brand-200/70 absolute -top-32 left-1/2 -z-10 h-[30rem] w-full max-w-[50rem] -translate-x-1/2 rounded-full bg-gradient-to-tr via-fuchsia-200/50 to-cyan-200/60 blur-3xl"
			/>
			<div className="w-full max-w-md rounded-3xl bg-white p-6 shadow-2xl ring-1 shadow-slate-900/10 ring-slate-200 sm:p-8">
				<div className="text-center">
					<span className="from-brand-500 shadow-brand-500/30 mx-auto grid size-12 place-items-center rounded-2xl bg-gradient-to-br via-fuchsia-500 to-cyan-400 text-white shadow-lg">
						<Sparkles className="size-6" aria-hidden />
					</span>
					<h1 className="font-display mt-4 text-2xl font-extrabold text-slate-950">{title}</h1>
					<p className="mt-1 text-sm text-slate-600">{subtitle}</p>
				</div>
				{children}
			</div>
		</section>
	)
}

/** An e-mailed link that is unknown, used or expired: says so, and where to get a new one. */
export function InvalidLinkCard({ next, to, label }: { next: string; to: string; label: string }) {
	return (
		<AuthCard title="Link not valid" subtitle={`${INVALID_LINK} ${next}`}>
			<ButtonLink to={to} size="lg" className="mt-6 w-full">
				{label}
			</ButtonLink>
		</AuthCard>
	)
}
