// A reply rendered from its light Markdown (reply-markdown.ts) as React elements: paragraphs,
// lists, code blocks that scroll sideways inside the bubble, tables, `code`, **bold**, citations.
// Every piece of the model's text reaches the page as a text node: never HTML, never an attribute.
// The one renderer of replies: the preview (with and without JavaScript), the embed, the site chat
// and the conversation log. docs/decisions/0031-reply-rendering.md
import type { ReactNode } from 'react'
import { type Inline, parseReply, type ReplyBlock, type ReplyList } from './reply-markdown.ts'

/** A web address in a reply, up to a space or a closing bracket, without the sentence's full stop. */
const WEB_ADDRESS = /https?:\/\/[^\s<>"'()[\]]+[^\s<>"'()[\].,;:!?]/g

/** Text with its web addresses as links that open in a new tab (the consultation link). */
function TextWithLinks({ text }: { text: string }) {
	const pieces: ReactNode[] = []
	let last = 0
	for (const match of text.matchAll(WEB_ADDRESS)) {
		pieces.push(text.slice(last, match.index))
		pieces.push(
			<a
				key={match.index}
				href={match[0]}
				target="_blank"
				rel="noopener noreferrer nofollow"
				className="text-brand-700 font-medium underline underline-offset-2"
			>
				{match[0]}
			</a>,
		)
		last = match.index + match[0].length
	}
	pieces.push(text.slice(last))
	return <>{pieces}</>
}

type Render = {
	/** A citation "[n]" as an element (null drops it: a number with no source). */
	cite: (number: number, key: number) => ReactNode
}

function Pieces({ pieces, render }: { pieces: Inline[]; render: Render }) {
	return pieces.map((piece, index) => {
		if ('cite' in piece) return render.cite(piece.cite, index)
		if ('code' in piece)
			return (
				<code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-900">
					{piece.code}
				</code>
			)
		if ('strong' in piece)
			return (
				<strong key={index} className="font-semibold text-slate-900">
					<Pieces pieces={piece.strong} render={render} />
				</strong>
			)
		return <TextWithLinks key={index} text={piece.text} />
	})
}

/** Lists deeper than this are not indented further: a 25-level list stays inside the bubble. */
const MAX_LIST_INDENT = 4

function List({ list, render, depth = 1 }: { list: ReplyList; render: Render; depth?: number }) {
	const items = list.items.map((item, index) => (
		<li key={index} className="pl-0.5">
			<Pieces pieces={item.content} render={render} />
			{item.children.map((child, childIndex) => (
				<List key={childIndex} list={child} render={render} depth={depth + 1} />
			))}
		</li>
	))
	const indent = depth > MAX_LIST_INDENT ? 'pl-0' : 'pl-5'
	return list.ordered ? (
		<ol start={list.start === 1 ? undefined : list.start} className={`list-decimal space-y-1 ${indent}`}>
			{items}
		</ol>
	) : (
		<ul className={`list-disc space-y-1 ${indent}`}>{items}</ul>
	)
}

function Block({ block, render }: { block: ReplyBlock; render: Render }) {
	switch (block.kind) {
		case 'paragraph':
			return (
				<p className="whitespace-pre-wrap">
					<Pieces pieces={block.content} render={render} />
				</p>
			)
		case 'heading':
			return (
				<p className="font-semibold text-slate-900">
					<Pieces pieces={block.content} render={render} />
				</p>
			)
		case 'list':
			return <List list={block} render={render} />
		case 'code':
			return (
				<div>
					{/* Focusable so that a keyboard can scroll a long line into view. */}
					<pre
						tabIndex={0}
						aria-label={block.language ? `Code (${block.language})` : 'Code'}
						className="focus-visible:ring-brand-500 max-w-full overflow-x-auto rounded-lg bg-slate-900 px-3 py-2.5 text-[0.8rem] leading-relaxed [overflow-wrap:normal] text-slate-100 focus-visible:ring-2 focus-visible:outline-none"
					>
						<code className="font-mono whitespace-pre" data-language={block.language || undefined}>
							{block.code}
						</code>
					</pre>
					{block.after.length > 0 ? <Pieces pieces={block.after} render={render} /> : null}
				</div>
			)
		case 'table':
			return (
				<div className="max-w-full overflow-x-auto">
					<table className="min-w-full border-collapse text-left text-xs">
						{block.header ? (
							<thead>
								<tr>
									{block.header.map((cell, index) => (
										<th key={index} scope="col" className="border border-slate-200 bg-slate-50 px-2 py-1 font-semibold">
											<Pieces pieces={cell} render={render} />
										</th>
									))}
								</tr>
							</thead>
						) : null}
						<tbody>
							{block.rows.map((row, rowIndex) => (
								<tr key={rowIndex}>
									{row.map((cell, index) => (
										<td key={index} className="border border-slate-200 px-2 py-1 align-top">
											<Pieces pieces={cell} render={render} />
										</td>
									))}
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)
	}
}

/**
 * A reply's text as blocks. `sources` is how many sources are listed with it: "[n]" within that
 * range becomes `cite(n)`; other numbers are dropped, as a model may invent one.
 */
export function ReplyText({
	text,
	sources = 0,
	cite = () => null,
}: {
	text: string
	sources?: number
	cite?: (number: number, key: number) => ReactNode
}) {
	const render: Render = { cite }
	return (
		<div className="min-w-0 space-y-2" data-testid="reply-text">
			{parseReply(text, sources).map((block, index) => (
				<Block key={index} block={block} render={render} />
			))}
		</div>
	)
}
