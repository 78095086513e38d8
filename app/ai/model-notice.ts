// What the owner is told about the model that answers (issue 28: the user always knows what is
// answering): the offline model, what it does and how to connect another, or the connected model's
// name. Shared by the chatbot and voice pages and the conversation log; no server code.

/** What the pages know of the model: the server's choice (app/ai/models.server.ts). */
export type ModelSummary = { kind: 'offline' | 'llm'; label: string }

/** The offline model's name, as the conversation log stores it for each reply. */
export const OFFLINE_MODEL_LABEL = 'Offline model'

export const modelCopy = {
	offline: 'Offline model — quotes your sources; connect a model for written answers',
	howToConnect:
		'The administrator connects a model (Groq, OpenAI, or any OpenAI-compatible server such as Ollama) on the Models page; then choose it in the Model section of this page. A server can also set GROQ_API_KEY (GROQ_MODEL, GROQ_BASE_URL) in its environment: the README lists the settings.',
	connected: (label: string) => `Answers are written by ${label}`,
	/** A reply in the conversation log. */
	answeredBy: (label: string) => `Answered by ${label}`,
	/** A turn whose chosen model failed (the apology was given). */
	triedModel: (label: string) => `Tried ${label}`,
	/** A turn whose chosen model failed, in the conversation log and the voice transcript. */
	modelFailed: (reason: string) => `The chosen model failed: ${reason}`,
	/** The System Prompt and voice Instructions fields: when they apply. */
	instructionsApply:
		'A connected model follows these. The offline model quotes your knowledge and uses only a quoted “I don’t know” phrase from them, as in: If you don’t know, say "Please call 020 1234 5678."',
}

/** The notice's one line for a model. */
export const modelLine = (model: ModelSummary) =>
	model.kind === 'offline' ? modelCopy.offline : modelCopy.connected(model.label)
