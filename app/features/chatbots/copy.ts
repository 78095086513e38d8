// Copy of the Chatbot Builder tab, its preview and the embedded widget (spec sections 2, 5 and 8).

const CHATBOT_NOT_FOUND = 'That chatbot does not exist or is not yours.'

export const chatbotBuilder = {
	defaultSystemPrompt:
		'You are a helpful AI assistant. Use the provided knowledge base to answer questions accurately and helpfully.',
	empty: {
		title: 'Create Your First Chatbot',
		text: 'Turn your documents, website and notes into a chatbot that answers your visitors around the clock.',
		button: 'Start Building',
	},
	list: {
		title: 'Your Chatbots',
		createNew: 'Create New',
		failed: 'Your chatbots could not be loaded. Reload the page in a moment.',
		crashed: 'Something went wrong while loading your chatbots. Reload the page in a moment.',
	},
	form: {
		createTitle: 'Create a Chatbot',
		editTitle: 'Edit Chatbot',
		sources: 'Knowledge sources',
		uploadLabel: 'Upload documents',
		uploadHint: 'PDF, DOC, DOCX or TXT, up to 10 MB each.',
		/** The create form sends its files with "Create Chatbot": each becomes a source of the chatbot. */
		uploadOnCreate: 'They are read when you create the chatbot, and its page shows when each is ready.',
		/** Without JavaScript, a form that came back (a failed create, an import) has lost its files. */
		chooseAgain: (names: string[]) =>
			`Choose ${names.length === 1 ? 'this file' : 'these files'} again to add ${names.length === 1 ? 'it' : 'them'}: ${names.join(', ')}.`,
		importLabel: 'Import website',
		importPlaceholder: 'https://example.com/about',
		importButton: 'Import',
		directLabel: 'Direct input',
		directHint: 'Type or paste text into the knowledge base below.',
		knowledgeLabel: 'Knowledge Base Content',
		knowledgePlaceholder: 'Paste FAQs, product details, policies… or add a file or website above.',
		nameLabel: 'Chatbot Name',
		namePlaceholder: 'e.g. Support Assistant',
		systemPromptLabel: 'System Prompt',
		cancel: 'Cancel',
		discardQuestion: 'Discard the knowledge you added? It has not been saved.',
		discard: 'Discard',
		keepEditing: 'Keep editing',
		create: 'Create Chatbot',
		creating: 'Creating…',
		save: 'Save Changes',
		saving: 'Saving…',
		importing: 'Importing…',
	},
	card: {
		created: (date: string) => `Created ${date}`,
		active: 'Active',
		inactive: 'Inactive',
		preview: 'Preview',
		embed: 'Embed',
		edit: 'Edit',
		delete: 'Delete',
		deleteConfirm: (name: string) =>
			`Delete the chatbot "${name}"? Sites that embed it will show it as unavailable. This cannot be undone.`,
		switchLabel: (name: string) => `Active: ${name}`,
		switchOn: 'Answering on your site',
		switchOff: 'Switched off',
		deleteButton: 'Delete chatbot',
		/** When the clipboard refuses the embed code: the code box beside the button is the way. */
		copyYourself: 'Copy the embed code below.',
	},
	page: {
		back: 'Your Chatbots',
		sectionsLabel: 'Chatbot sections',
		/** The tabs of a chatbot's page, each a section with its own URL (ADR 0051). */
		tabs: {
			overview: 'Overview',
			knowledge: 'Knowledge',
			widget: 'Widget & embed',
			widgetShort: 'Widget',
			activity: 'Activity',
			tests: 'Tests',
			settings: 'Settings',
			preview: 'Preview',
		},
		overview: {
			knowledgeTitle: 'Knowledge',
			knowledgeEmpty: 'No knowledge yet: add text, files or a website.',
			sources: (count: number) => `${count} ${count === 1 ? 'source' : 'sources'}`,
			ready: (count: number) => `${count} ready`,
			importing: (count: number) => `${count} importing`,
			failed: (count: number) => `${count} failed`,
			manageKnowledge: 'Manage knowledge',
			widgetTitle: 'Widget',
			widgetText: 'Its colour, words, lead form and the sites that may show it.',
			editWidget: 'Edit the widget',
			modelTitle: 'Model',
			changeModel: 'Change the model',
			previewTitle: 'Try it',
			previewText: 'Ask it what your visitors would, and see which sources it answers from.',
		},
		formTitle: 'Knowledge and settings',
		embedTitle: 'Embed on your site',
		copyCode: 'Copy code',
		embedLabel: 'Paste this into any page of your site, just before </body>:',
		embedSteps: [
			'Copy the code above.',
			'Paste it into every page where the chat should appear, just before the closing </body> tag.',
			'A chat button appears in the corner you chose under Widget; it answers from this chatbot’s knowledge.',
			'Visitors whose browser runs no JavaScript get the contact form instead (the <noscript> part).',
		],
		embedInactive: 'This chatbot is switched off: embedded chats show it as unavailable until you switch it on.',
		previewTitle: 'Live preview',
		previewHint: 'Answers use the saved knowledge and settings. Save your changes, then ask again.',
		/** While the typed text is queued or being indexed: why an answer may not know it yet. */
		previewIndexing: 'Your text is still being indexed: answers use it once it shows Ready.',
		previewOpen: 'Open the preview',
		notFound: {
			title: 'Chatbot not found',
			text: CHATBOT_NOT_FOUND,
			backTo: '/playground',
			backLabel: 'Back to your chatbots',
		},
		dangerTitle: 'Delete this chatbot',
		dangerText: 'Sites that embed it will show it as unavailable.',
	},
	sources: {
		title: 'Knowledge sources',
		/** Whose sources a list shows: a chatbot's, or a voice assistant's own (ADR 0054). */
		owners: {
			chatbot: {
				intro:
					'Everything this chatbot answers from. Files and websites are read in the background: each one answers once it shows Ready.',
				listLabel: 'Sources of this chatbot',
			},
			agent: {
				intro:
					'What this voice assistant answers from, besides its description. Files and websites are read in the background: each one answers once it shows Ready.',
				listLabel: 'Sources of this assistant',
			},
		},
		addFiles: 'Upload documents',
		addFilesButton: 'Add file',
		addWebsite: 'Import website',
		urlPlaceholder: 'https://example.com',
		scopeLegend: 'What to import',
		scopes: { page: 'This page', site: 'The whole site' },
		scopeHints: {
			page: 'Only the page at this address.',
			site: 'Follows the sitemap and the links on the site, within the limits below.',
		},
		pendingSites: 'Whole sites to import when the chatbot is created',
		pendingAdded: 'The whole site will be imported when you create the chatbot.',
		removePending: (url: string) => `Do not import ${url}`,
		pendingFiles: 'Files to read when the chatbot is created',
		pendingFileAdded: (count: number) =>
			`${count === 1 ? 'The file' : `${count} files`} will be read when you create the chatbot.`,
		removePendingFile: (name: string) => `Do not add ${name}`,
		settings: 'Crawl settings',
		maxPages: 'Most pages',
		maxDepth: 'Link depth',
		maxMegabytes: 'Most megabytes',
		include: 'Only these paths',
		exclude: 'Skip these paths',
		patternsHint: 'One per line, such as /docs/* or /blog.',
		/** The schedule's label: not the button's "Re-sync now" beside it (two names, two controls). */
		schedule: 'Auto re-sync',
		schedules: { off: 'Off', daily: 'Daily', weekly: 'Weekly' },
		importButton: 'Import',
		kinds: { text: 'Typed text', file: 'File', page: 'Web page', website: 'Website' },
		statuses: { queued: 'Queued', running: 'Importing', ready: 'Ready', failed: 'Failed', cancelled: 'Stopped' },
		/** The typed text is indexed, not imported. */
		textRunning: 'Indexing',
		/** Beside a queued or indexing text: what answers until it is ready. */
		textIndexing: 'the earlier text answers until it is ready',
		/** The same, for a text that has never been indexed (a new chatbot). */
		textIndexingFirst: 'it answers once it is ready',
		textOrigin: 'Knowledge Base Content',
		resync: 'Re-sync now',
		cancel: 'Stop',
		remove: 'Remove',
		/** The confirmation a row's Remove leads to: what goes, and the button that removes it. */
		removeConfirm: ({ kind, origin, pages }: { kind: 'file' | 'page' | 'website'; origin: string; pages: number }) =>
			kind === 'website'
				? `Remove the website ${origin} and the ${pages.toLocaleString('en-US')} ${pages === 1 ? 'page' : 'pages'} imported from it? The chatbot stops answering from them. This cannot be undone.`
				: `Remove the ${kind === 'file' ? 'file' : 'page'} ${origin}? The chatbot stops answering from it. This cannot be undone.`,
		removeButton: 'Remove source',
		saveSchedule: 'Save',
		problems: (count: number) => `Why ${count} ${count === 1 ? 'page was' : 'pages were'} not indexed`,
		/** Under the newest 20 on the chatbot's page: the source's own page lists them all. */
		allProblems: (count: number) => `See all ${count.toLocaleString('en-US')} pages not indexed`,
		problemsPage: {
			title: 'Pages not indexed',
			back: 'Back to the chatbot',
			intro:
				'Skipped: not a page to answer from, such as a file, a copy of another page, a link to another site or a page robots.txt keeps crawlers from. Failed: a page that could not be read; it is tried again on the next re-sync.',
			listTitle: 'From the latest import',
			filtersLabel: 'Show',
			filters: { all: 'All', failed: 'Failed', skipped: 'Skipped' },
			statuses: { failed: 'Failed', skipped: 'Skipped' },
			listLabel: 'Pages not indexed',
			range: (from: number, to: number, total: number) =>
				`${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
			pagerLabel: 'Pages of the list',
			previous: 'Previous',
			next: 'Next',
			empty: 'Nothing to show: every page the latest run found was indexed.',
			notFound: { title: 'Source not found', text: 'It may have been removed, or it is not yours.' },
		},
		notFound: 'That source does not exist or is not yours.',
		fileQueued: (count: number) =>
			`${count === 1 ? 'It is' : `${count} files are`} being read now; the list below shows when ${count === 1 ? 'it answers' : 'they answer'}.`,
		importStarted: 'Import started',
		importQueued: (scope: 'page' | 'site') =>
			scope === 'site'
				? 'The whole site is being imported; the list below shows its progress.'
				: 'The page is being imported; the list below shows when it answers.',
		resyncStarted: 'Re-sync started',
		resyncBusy: {
			title: 'Already importing',
			description: 'This source is being imported right now. Stop it first, or wait until it finishes.',
		},
		cancelled: 'Import stopped',
		removed: 'Source removed',
		scheduleSaved: (schedule: 'off' | 'daily' | 'weekly') =>
			schedule === 'off' ? 'Scheduled re-sync is off' : `It will re-sync ${schedule}`,
	},
	preview: {
		title: (name: string) => `Preview: ${name}`,
		description: 'Test your chatbot. Answers come from its knowledge base and system prompt.',
		greeting: (name: string) => `Hello! I'm ${name}. How can I help you today?`,
		inputLabel: 'Ask your chatbot a question',
		sendLabel: 'Send message',
		sourcesLabel: 'Sources from the knowledge base',
		/** The passages of a reply that cites none, apart from its sources (ADR 0033). */
		closestLabel: 'Closest pages',
		passage: (position: number) => `Passage ${position + 1}`,
		errorReply: 'I apologize, but I encountered an error. Please try again.',
		emptyReply: 'I apologize, but I encountered an error processing your request.',
	},
	widget: {
		title: 'Widget on your site',
		intro:
			'How the chat looks on your site, and which sites may show it. The preview follows your changes; save to publish them.',
		brandColor: 'Brand colour',
		contrast: (text: string, onBrand: string, onWhite: string) =>
			`Text on it: ${text} (${onBrand}:1). Against a white page: ${onWhite}:1.`,
		headerTitle: 'Title',
		headerTitleHint: 'Shown in the chat’s header. Empty: the chatbot’s name.',
		subtitle: 'Subtitle',
		subtitleHint: 'Empty: “Powered by Zenvora AI”.',
		icon: 'Icon',
		icons: { bot: 'Robot', message: 'Speech bubble', sparkles: 'Sparkles', headset: 'Headset', smile: 'Smile' },
		welcome: 'Welcome message',
		welcomeHint: 'The chat’s first message. Empty: the standard greeting.',
		suggestions: 'Suggested questions',
		suggestionsHint: 'One per line, up to 4. Shown as buttons until the visitor writes.',
		placeholder: 'Input placeholder',
		position: 'Launcher position',
		positions: { right: 'Bottom right', left: 'Bottom left' },
		launcherLabel: 'Launcher label',
		launcherLabelHint: 'Text beside the chat icon, such as “Ask us”. Empty: the icon alone.',
		showSources: 'Show sources under each answer',
		showSourcesHint: 'Visitors see which pages or files an answer drew on, with links to web pages.',
		allowedSites: 'Allowed sites',
		allowedSitesHint:
			'One per line: www.example.com, or *.example.com for every subdomain. A site without a port is allowed on any port (127.0.0.1 covers 127.0.0.1:3975); with a port, such as localhost:3000, on that port only. Other sites cannot show or use this chat.',
		/** The last site the snippet was refused on, while it is still not in the list. */
		seenElsewhere: (origin: string) =>
			`Seen on ${origin}, not in your allowed sites. The chat does not show there: if it is your site, add it above and save.`,
		anywhereWarning:
			'No sites listed: any website can embed this chatbot and use it on your account. List your own sites to stop that.',
		save: 'Save widget',
		saving: 'Saving…',
		saved: 'Widget saved',
		savedDescription: 'Sites that embed this chatbot show the changes on their next page load.',
		saveFailed: 'Widget not saved',
		previewLabel: 'Widget preview',
		avatar: 'Picture',
		avatarHint: 'A PNG or JPEG up to 1 MB, shown instead of the icon: the centre square, at 96 pixels.',
		avatarUpload: 'Upload picture',
		avatarRemove: 'Remove picture',
		avatarSaved: 'Picture saved',
		avatarRemoved: 'Picture removed',
		avatarFailed: 'Picture not saved',
		avatarMissing: 'Choose a picture first.',
		leadForm: 'Ask for contact details',
		leadFormHint: 'Leads appear under Leads, and can be sent to your own system by webhook.',
		leadModes: {
			off: 'Never',
			before: 'Before the chat starts',
			human: 'When the visitor asks for a person',
			after: 'After a number of messages',
		},
		leadAfter: 'After how many messages',
		leadFields: { leadName: 'Name', leadEmail: 'E-mail', leadPhone: 'Phone' },
		leadFieldStates: { off: 'Don’t ask', optional: 'Optional', required: 'Required' },
	},
	embed: {
		inputLabel: (name: string) => `Ask ${name} a question`,
		newConversation: 'New conversation',
		suggestionsLabel: 'Suggested questions',
		refusedTitle: 'Chat not available here',
		refusedText: 'This chat can only be used on the websites its owner has allowed.',
		closeLabel: 'Close chat',
		unavailableTitle: 'Chat unavailable',
		unavailableText: 'This chatbot is not available right now. Please try again later.',
		poweredBy: 'Powered by',
		busyReply: 'Too many messages at once. Please wait a moment and try again.',
		/** The embed page with JavaScript off or blocked: the chat cannot run, the lead form can. */
		noScript: {
			withForm:
				'This chat needs JavaScript, which is off or blocked here. Leave your details and a person from the team will get back to you.',
			withoutForm: 'This chat needs JavaScript, which is off or blocked here. Turn it on to chat.',
		},
	},
	toasts: {
		missing: { title: 'Missing information', description: 'Please provide a name and knowledge base' },
		created: 'Chatbot created!',
		updated: 'Chatbot updated',
		/** The toasts' description after a save: the text is indexed by a job. */
		indexing: 'Its knowledge is being indexed; the knowledge sources show when it is ready.',
		/** A save that met another save of the same chatbot still writing (a lock time-out). */
		saveBusy: {
			title: 'Still saving',
			description: 'This chatbot is being saved by another request. Wait a moment and save again.',
		},
		deleted: 'Chatbot deleted',
		activated: 'Chatbot activated',
		deactivated: 'Chatbot deactivated',
		fileUploaded: 'File uploaded',
		websiteImported: 'Website imported',
		copied: 'Copied!',
		copiedDescription: 'Embed code copied to clipboard',
		uploadFailed: { title: 'Upload failed', description: 'Failed to process the file' },
		importFailed: {
			title: 'Import failed',
			description: 'Failed to import website content. Check the URL or API limits.',
		},
		createFailed: { title: 'Creation failed', description: 'Failed to create chatbot' },
		deleteFailed: { title: 'Error', description: 'Failed to delete chatbot' },
		listFailed: 'Failed to fetch chatbots',
		previewFailed: 'Failed to get response from chatbot',
		notFound: CHATBOT_NOT_FOUND,
	},
}
