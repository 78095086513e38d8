import { useEffect, useState } from 'react'
import { initialTypewriterState, nextTypewriterState, TYPEWRITER_TICK_MS, typewriterText } from './typewriter-steps.ts'

/**
 * Types the prompts one character per tick. The server (and a visitor without JavaScript) sees the
 * first prompt in full; screen readers get the whole list once instead of a stream of letters.
 */
export function Typewriter({
	prompts,
	onPromptChange,
}: {
	prompts: readonly string[]
	/** The prompt being typed, whole (what "Ask" sends when the visitor has not typed their own). */
	onPromptChange?: (prompt: string) => void
}) {
	const [state, setState] = useState<typeof initialTypewriterState | null>(null)
	const promptIndex = state?.promptIndex ?? 0
	useEffect(() => {
		onPromptChange?.(prompts[promptIndex % prompts.length])
	}, [onPromptChange, prompts, promptIndex])

	useEffect(() => {
		setState(initialTypewriterState)
		const timer = window.setInterval(() => {
			setState((current) => nextTypewriterState(current ?? initialTypewriterState, prompts))
		}, TYPEWRITER_TICK_MS)
		return () => window.clearInterval(timer)
	}, [prompts])

	const text = state ? typewriterText(state, prompts) : prompts[0]
	return (
		<>
			<span className="sr-only">{prompts.join('; ')}</span>
			<span aria-hidden data-testid="typewriter-text">
				{text}
			</span>
			<span
				aria-hidden
				className="animate-blink bg-brand-600 ml-0.5 inline-block h-5 w-0.5 translate-y-1"
				data-testid="typewriter-cursor"
			/>
		</>
	)
}
