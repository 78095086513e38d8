/** What the API button copies (spec section 7's text template): the three calls with this agent's real values. */
export function voiceApiSnippet(origin: string, agentId: string) {
	return [
		'# 1. Start a conversation (returns conversation_id and the first message)',
		`curl -X POST ${origin}/api/voice-chat/start \\`,
		`  -H "Content-Type: application/json" \\`,
		`  -d '{"agent_id":"${agentId}","customer_name":"Asha Rao","customer_phone":"+91 98111 22334"}'`,
		'',
		'# 2. Send what the caller said: audio (WebM/Opus, Ogg/Opus or PCM WAV, up to 60 s) or text.',
		'#    Returns reply (as written, with its [n] citations), spoken (to say aloud) and the cited sources',
		`curl -X POST ${origin}/api/voice-chat/message \\`,
		`  -F agent_id=${agentId} -F conversation_id=CONVERSATION_ID -F audio=@question.webm`,
		`curl -X POST ${origin}/api/voice-chat/message \\`,
		`  -F agent_id=${agentId} -F conversation_id=CONVERSATION_ID -F text="What are your opening hours?"`,
		'',
		'# 3. End it (the call log gets status completed and its duration)',
		`curl -X POST ${origin}/api/voice-chat/end \\`,
		`  -H "Content-Type: application/json" \\`,
		`  -d '{"agent_id":"${agentId}","conversation_id":"CONVERSATION_ID"}'`,
	].join('\n')
}
