// Issue 30: the widget's preview showed a visitor asking "Do you deliver to Pune?" on every chatbot,
// a Node.js docs bot included. It now shows what a visitor first sees: the welcome, then this
// chatbot's own suggested questions, or none.
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { WidgetPreview } from './widget-settings-form.tsx'
import { appearanceOf, formValuesOf } from './widget-settings.ts'

const render = (suggestedQuestions: string[]) => {
	const values = formValuesOf(appearanceOf({ suggestedQuestions }), [])
	return renderToStaticMarkup(<WidgetPreview values={values} saved={values} name="Node.js docs" picture={null} />)
}

test("the preview asks nothing on the visitor's behalf; it shows the chatbot's own suggested questions", () => {
	const none = render([])
	expect(none).not.toContain('Pune')
	expect(none).not.toContain('data-role="user"')
	const own = render(['How do I read a file?', 'What is a stream?'])
	expect(own).toContain('How do I read a file?')
	expect(own).toContain('What is a stream?')
	expect(own).not.toContain('Pune')
})
