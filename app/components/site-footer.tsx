import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import { company } from '~/content/company.ts'
import { footer } from '~/content/footer.ts'
import { Logo } from './logo.tsx'
import { SocialIcon } from './social-icon.tsx'

const linkClass = 'text-slate-400 transition-colors hover:text-white'
const headingClass = 'font-display text-sm font-semibold tracking-wide text-white uppercase'

export function SiteFooter() {
	const year = new Date().getFullYear()
	const { address } = company
	return (
		<footer id="contact" className="scroll-mt-16 bg-slate-950 text-sm text-slate-400">
			<div className="container-page grid gap-12 py-16 lg:grid-cols-12 lg:gap-8">
				<div className="lg:col-span-4">
					<Logo tone="light" />
					<p className="mt-5 max-w-sm leading-relaxed">{company.description}</p>
					<ul className="mt-6 flex gap-3" aria-label="Social media">
						{company.social.map((social) => (
							<li key={social.network}>
								<a
									href={social.href}
									target="_blank"
									rel="noopener noreferrer"
									aria-label={`${company.name} on ${social.label} (opens in a new tab)`}
									className="hover:bg-brand-600 grid size-10 place-items-center rounded-full bg-white/5 text-slate-300 ring-1 ring-white/10 transition-colors hover:text-white"
								>
									<SocialIcon network={social.network} className="size-4" />
								</a>
							</li>
						))}
					</ul>
				</div>

				<FooterLinks id="footer-services" heading={footer.serviceAreasHeading} links={footer.serviceAreas} />
				<FooterLinks id="footer-company" heading={footer.companyHeading} links={footer.companyLinks} />

				<div className="lg:col-span-4">
					<h2 className={headingClass}>{footer.contactHeading}</h2>
					<address className="mt-4 space-y-3 not-italic">
						<p className="flex gap-3">
							<MapPin className="text-brand-400 mt-0.5 size-4 shrink-0" aria-hidden />
							<span>
								{address.street}, {address.locality}, {address.region} {address.postalCode}, {address.country}
							</span>
						</p>
						<p className="flex gap-3">
							<Phone className="text-brand-400 mt-0.5 size-4 shrink-0" aria-hidden />
							<a href={company.phone.href} className={linkClass}>
								{company.phone.display}
							</a>
						</p>
						{company.emails.map((email) => (
							<p key={email.address} className="flex gap-3">
								<Mail className="text-brand-400 mt-0.5 size-4 shrink-0" aria-hidden />
								<span>
									<span className="sr-only">{email.label}: </span>
									<a href={`mailto:${email.address}`} className={linkClass}>
										{email.address}
									</a>
								</span>
							</p>
						))}
					</address>
					<h3 className={`${headingClass} mt-6`}>{footer.hoursHeading}</h3>
					<dl className="mt-3 space-y-1.5">
						{company.hours.map((row) => (
							<div key={row.days} className="flex gap-3">
								<Clock className="text-brand-400 mt-0.5 size-4 shrink-0" aria-hidden />
								<dt className="text-slate-300">{row.days}:</dt>
								<dd>{row.time}</dd>
							</div>
						))}
					</dl>
				</div>
			</div>
			<div className="border-t border-white/10">
				{/* Room under the last line for the floating chat button (bottom 24 px + 56 px), so it covers no link. */}
				<div className="container-page flex flex-col gap-4 pt-6 pb-24 sm:flex-row sm:items-center sm:justify-between">
					<p>
						© {year} {company.legalName.replace(/\.$/, '')}. All rights reserved.
					</p>
					<ul className="flex flex-wrap gap-x-6 gap-y-2" aria-label="Legal">
						{footer.legalLinks.map((link) => (
							<li key={link.label}>
								<a href={link.href} className={linkClass}>
									{link.label}
								</a>
							</li>
						))}
					</ul>
				</div>
			</div>
		</footer>
	)
}

function FooterLinks({
	id,
	heading,
	links,
}: {
	id: string
	heading: string
	links: ReadonlyArray<{ label: string; href: string; external?: boolean }>
}) {
	return (
		<nav aria-labelledby={id} className="lg:col-span-2">
			<h2 id={id} className={headingClass}>
				{heading}
			</h2>
			<ul className="mt-4 space-y-3">
				{links.map((link) => (
					<li key={link.label}>
						<a
							href={link.href}
							className={linkClass}
							{...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
						>
							{link.label}
							{link.external ? <span className="sr-only"> (opens in a new tab)</span> : null}
						</a>
					</li>
				))}
			</ul>
		</nav>
	)
}
