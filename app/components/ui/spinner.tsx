import { Loader2 } from 'lucide-react'
import { cn } from '~/lib/misc.ts'

/** Turns while something is being sent; stands still for those who ask for less motion. Decorative. */
export function Spinner({ className }: { className: string }) {
	return <Loader2 className={cn(className, 'animate-spin motion-reduce:animate-none')} aria-hidden />
}
