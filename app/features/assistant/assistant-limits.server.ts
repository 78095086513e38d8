// The site assistant's rate limit (the chat widget on every public page and the /chat page), counted
// on the shared mechanism in lib/rate-limit.server.ts.
import { consumeRateLimit } from '~/lib/rate-limit.server.ts'

const publicChatPerIp = { limit: 30, windowMs: 60_000 }

/** One question to the site assistant from the address `ip`; the widget and /chat share the count. */
export const chargeSiteChat = (ip: string) => consumeRateLimit(`chat:ip:${ip}`, publicChatPerIp)

const siteVoicePerIp = { limit: 20, windowMs: 60_000 }

/**
 * One spoken turn transcribed for the widget's voice mode (ADR 0059): a paid speech-to-text call, so
 * counted apart from, and besides, the question it becomes.
 */
export const chargeSiteVoice = (ip: string) => consumeRateLimit(`chat-voice:ip:${ip}`, siteVoicePerIp)

const siteSpeechPerIp = { limit: 40, windowMs: 60_000 }

/**
 * One sentence of Riya's spoken by the server's speech endpoint (a paid call): a reply of a few
 * sentences each turn, at most 40 a minute from one address (site-speech.server.ts).
 */
export const chargeSiteSpeech = (ip: string) => consumeRateLimit(`chat-speech:ip:${ip}`, siteSpeechPerIp)

const siteVoiceOnPerIp = { limit: 10, windowMs: 60_000 }

/**
 * The widget's voice turned on (GET /api/chat/voice): each answer mints a greeting ticket and asks the
 * providers' settings, so at most 10 a minute from one address; a visitor turns voice on once or
 * twice (ADR 0074: 3,000 requests in a row were all answered).
 */
export const chargeSiteVoiceOn = (ip: string) => consumeRateLimit(`chat-voice-on:ip:${ip}`, siteVoiceOnPerIp)
