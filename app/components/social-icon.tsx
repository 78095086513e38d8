import { FaInstagram, FaLinkedinIn, FaXTwitter, FaYoutube } from 'react-icons/fa6'
import type { SocialNetwork } from '~/content/company.ts'

const icons = { linkedin: FaLinkedinIn, x: FaXTwitter, instagram: FaInstagram, youtube: FaYoutube }

export function SocialIcon({ network, className }: { network: SocialNetwork; className?: string }) {
	const Component = icons[network]
	return <Component className={className} aria-hidden />
}
