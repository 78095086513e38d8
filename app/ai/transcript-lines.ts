// How a voice conversation's transcript marks who spoke: one line each, "Caller: …" or "Assistant: …".
// Written by the voice API, read back as the model's history and by the dashboard.
export const CALLER = 'Caller: '
export const ASSISTANT = 'Assistant: '
