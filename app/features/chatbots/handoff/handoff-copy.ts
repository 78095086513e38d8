// What the handoff says, to visitors in the widget and to owners in the Playground.
export const handoffCopy = {
	widget: {
		/** The widget's action, shown when the owner has turned handoff on. */
		ask: 'Talk to a person',
		/** The same action outside the opening hours: nobody joins then, the lead form takes a message. */
		askClosed: 'Leave a message for the team',
		/** The chatbot's answer to a request for a person, while someone may take it. */
		waiting: "I've asked the team. Someone will join this chat shortly; please stay here.",
		waitingStatus: 'Waiting for a person to join…',
		joined: (name: string) => `${name} joined the chat`,
		/** Above the composer while a person answers. */
		chattingWith: (name: string) => `You're chatting with ${name}`,
		handedBack: (name: string) => `${name} left the chat. The assistant answers again.`,
		/** The person who took the conversation over left it (nothing from them for a while): the bot answers again. */
		personLeft: (name: string) =>
			`${name} had to step away, so the assistant answers again. You can ask for a person any time.`,
		/** Nobody took it in time, or the team is closed: the lead form is offered below. */
		timedOut: (when: string) => `Sorry, nobody from the team is free right now. We'll reply ${when}.`,
		closed: (when: string) => `The team is away right now. We'll reply ${when}.`,
		/** Asked in the widget before "New conversation" ends a chat with a person, or a wait for one. */
		leaveConfirm: (name: string) => `End your chat with ${name}?`,
		leaveWaiting: 'Stop waiting for a person?',
		leaveYes: 'End and start new',
		leaveNo: 'Keep chatting',
		/** A visitor's message sent while the state changed under it (the bot no longer answers). */
		passedOn: 'Your message was passed on to the team.',
		/**
		 * The live stream refused (429): too many open at once from this visitor or their address, or
		 * opened too often. The widget shows the lead form instead while the visitor waits.
		 */
		streamBusy: 'Too many chats are open at once. Close one, or try again in a moment.',
		/** The message box's placeholder while a person has the conversation, or while the visitor waits for one. */
		messagePerson: (name: string) => `Message ${name}`,
		messageTeam: 'Message the team',
		/** A person of the team, as the visitor sees them when the member has no name. */
		someone: 'Someone from the team',
	},
	owner: {
		sectionTitle: 'Waiting for a person',
		waitingBadge: 'Waiting for a person',
		personBadge: (name: string) => `With ${name}`,
		navBadge: (count: number) => `${count} waiting`,
		/** Said to screen readers before a held conversation's title (a dot shows it) when the visitor wrote since the owner saw it. */
		unread: 'New message from the visitor',
		/** Said after the badge's text to screen readers. */
		navBadgeMore: 'for a person',
		/** Held conversations with a visitor's message not seen yet, beside (or instead of) the waiting ones. */
		navBadgeUnread: (count: number) => `${count} new ${count === 1 ? 'message' : 'messages'}`,
		navBadgeUnreadMore: 'from a visitor',
		takeOver: 'Take over',
		/** In the log (live on the owner's page) when the visitor started a new conversation and left this one. */
		visitorLeft: 'The visitor left the chat',
		handBack: 'Hand back',
		takenOver: 'You have taken over this conversation. The bot is paused.',
		handedBack: 'Handed back to the bot.',
		replyLabel: 'Your reply',
		send: 'Send',
		sendFailed: 'Your message was not sent. Please try again.',
		handoffOff: 'Talk to a person is off for this chatbot: turn it on in Settings to take over its conversations.',
		paused: 'The bot is paused: you answer this visitor.',
		visitorTyping: 'The visitor is typing…',
		authors: { bot: 'Bot', person: 'Person', visitor: 'Visitor' },
		/** The author line under a person's message in the log. */
		byPerson: (name: string) => `Person: ${name}`,
		settingsTitle: 'Talk to a person',
		enabled: 'Visitors can ask for a person',
		enabledHint:
			'The widget shows "Talk to a person"; you take conversations over in Activity → Conversations. Your visitors wait the time below; then the widget offers the lead form and you get an e-mail.',
		waitSeconds: 'Wait for a person (seconds)',
		opensAt: 'Opens at',
		closesAt: 'Closes at',
		hoursHint: 'Optional. Outside these hours visitors get the lead form at once.',
		waitHint: (min: number, max: number) => `${min} to ${max} seconds; then the widget offers the lead form.`,
		/** Under the hours: the zone they are read in (the server's), whatever the browser's is. */
		hoursZone: (zone: string) => `In ${zone}.`,
		/** On Conversations, where the settings were: they are in Settings now. */
		settingsLink: 'Talk to a person settings',
		save: 'Save',
		/** Named as the section is (the other settings' toasts name theirs: 'Widget saved', 'Model saved'). */
		saved: '"Talk to a person" saved',
	},
	email: {
		/**
		 * Sent once, when the wait ended with nobody (the visitor got the lead form): the subject says
		 * that, as the body does, not that someone is still waiting.
		 */
		subject: (chatbot: string) =>
			`A visitor asked for a person on ${chatbot}: nobody joined, so they got the lead form`,
		/** Sent at once when a visitor asked outside the opening hours (they got the lead form, nobody was asked to join). */
		closedSubject: (chatbot: string) =>
			`A visitor asked for a person on ${chatbot} outside your opening hours: they got the lead form`,
		closedText: (chatbot: string, question: string, link: string) =>
			`A visitor of ${chatbot} asked to talk to a person outside your opening hours, so they were offered the lead form.\n\nWhat they wrote: "${oneLineQuote(question)}"\n\nOpen the conversation: ${link}\n`,
		/** Past the chatbot's cap of those e-mails: one for the rest of the window (ADR 0072). */
		digestSubject: (chatbot: string, count: number) =>
			`${count} more ${count === 1 ? 'visitor' : 'visitors'} asked for a person on ${chatbot}`,
		digestText: (chatbot: string, count: number, link: string, minutes: number) =>
			`${count} more ${count === 1 ? 'visitor' : 'visitors'} of ${chatbot} asked to talk to a person in the last ${minutes} minutes and nobody joined, so they were offered the lead form. We did not e-mail you about each of them.\n\nSee them in Conversations: ${link}\n`,
		text: (chatbot: string, question: string, link: string, waited: number) =>
			`A visitor of ${chatbot} asked to talk to a person and nobody joined within ${waited} seconds, so they were offered the lead form.\n\nWhat they wrote: "${oneLineQuote(question)}"\n\nOpen the conversation: ${link}\n`,
	},
} as const

/**
 * A visitor's words quoted in a mail to the owner, on one line: line breaks of theirs could otherwise
 * make text that reads as the mail's own ("Open the conversation: <their link>", attacker trial).
 */
function oneLineQuote(text: string) {
	return text.replace(/\s+/g, ' ').trim()
}
