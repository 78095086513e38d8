/* Chatbot embed loader: <script src="{origin}/embed.js" data-chatbot-id="{id}" async></script>
 * Asks for the chatbot's launcher config (colour, position, label); a switched-off or deleted
 * chatbot, or a site its owner did not allow, gets none and no launcher is drawn. The launcher lives
 * in a shadow root, so the host page's CSS cannot restyle it; on the first click only, it opens the
 * chat in an iframe served from our origin. Messages from the iframe are accepted only from our
 * origin and that frame. docs/decisions/0018-embed-widget.md */
;(function () {
	var script = document.currentScript
	var id = script && script.getAttribute('data-chatbot-id')
	if (!id || window['__zenvoraChat_' + id]) return
	window['__zenvoraChat_' + id] = true
	var origin = new URL(script.src).origin
	var base = origin + '/embed/' + encodeURIComponent(id)
	var open = false
	var loaded = false
	var unread = false
	var frame, root, button, label
	// Set while a person is awaited or has the conversation (the chat says so): the chat is then
	// loaded, closed, on every page of this site, so it keeps listening and the launcher can say
	// that someone joined or wrote.
	var LIVE_KEY = 'zenvora-chat:' + id + ':live'
	function remember(live) {
		try {
			if (live) localStorage.setItem(LIVE_KEY, '1')
			else localStorage.removeItem(LIVE_KEY)
		} catch (error) {
			// Storage blocked: the chat loads on the first click, as before.
		}
	}
	function remembered() {
		try {
			return localStorage.getItem(LIVE_KEY) === '1'
		} catch (error) {
			return false
		}
	}

	function icon(path) {
		return (
			'<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">' +
			path +
			'</svg>'
		)
	}
	var CHAT = icon('<path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z"/>')
	var CLOSE = icon('<path d="M18 6 6 18M6 6l12 12"/>')

	function draw() {
		button.setAttribute('aria-expanded', String(open))
		button.setAttribute(
			'aria-label',
			open ? 'Close chat' : (label || 'Open chat') + (unread ? ': New message from the team' : ''),
		)
		button.innerHTML = open ? CLOSE : CHAT
		if (!open && label) button.appendChild(document.createElement('span')).textContent = label
		if (!open && unread) button.appendChild(document.createElement('i')).setAttribute('data-unread', '')
	}

	function setOpen(next) {
		open = next
		if (open) unread = false
		draw()
		frame.style.display = open ? 'block' : 'none'
		if (open) {
			frame.focus()
			// Before its first load the frame is about:blank, of the host page's origin: the message waits
			// for onload (sent now, the browser warns that the origins do not match).
			if (loaded) frame.contentWindow.postMessage({ type: 'zenvora-chat:open' }, origin)
		} else {
			button.focus()
		}
	}

	function toggle() {
		load()
		setOpen(!open)
	}

	function load() {
		if (!frame) {
			frame = document.createElement('iframe')
			// The host page's path (never its query or fragment), so the owner sees where visitors chat from.
			frame.src = base + '?page=' + encodeURIComponent(location.pathname)
			frame.title = 'Chat'
			frame.id = 'chat'
			// The chat checks which site framed it: send this page's origin, nothing more.
			frame.setAttribute('referrerpolicy', 'origin')
			frame.onload = function () {
				loaded = true
				if (open) frame.contentWindow.postMessage({ type: 'zenvora-chat:open' }, origin)
			}
			root.insertBefore(frame, button)
		}
	}

	function init(config) {
		var hex = /^#[0-9a-f]{6}$/i
		var color = hex.test(config.color) ? config.color : '#4f46e5'
		var ink = hex.test(config.textColor) ? config.textColor : '#fff'
		var side = config.position === 'left' ? 'left' : 'right'
		label = typeof config.label === 'string' ? config.label.slice(0, 30) : ''
		var host = document.createElement('div')
		host.setAttribute('data-zenvora-chat', id)
		host.style.cssText = 'position:fixed;bottom:20px;z-index:2147483000;' + side + ':20px'
		root = host.attachShadow({ mode: 'open' })
		root.innerHTML =
			'<style>:host{all:initial}' +
			'button{all:unset;box-sizing:border-box;display:flex;align-items:center;justify-content:center;gap:8px;min-width:60px;height:60px;padding:0 17px;margin-' +
			(side === 'left' ? 'right' : 'left') +
			':auto;border-radius:30px;background:' +
			color +
			';color:' +
			ink +
			';font:600 15px/1 system-ui,sans-serif;cursor:pointer;box-shadow:0 10px 25px rgba(15,23,42,.3);transition:transform .2s}' +
			'button{position:relative}i[data-unread]{position:absolute;top:2px;right:2px;width:14px;height:14px;border-radius:7px;background:#dc2626;border:2px solid #fff}' +
			'button:hover{transform:scale(1.06)}button:focus-visible{outline:3px solid ' +
			color +
			';outline-offset:3px}' +
			'iframe{display:none;width:min(380px,calc(100vw - 40px));height:min(600px,calc(100vh - 120px));margin-bottom:14px;border:0;border-radius:18px;background:#fff;box-shadow:0 20px 50px rgba(15,23,42,.25)}' +
			'@media (prefers-reduced-motion:reduce){button{transition:none}}</style>' +
			'<button type="button" aria-haspopup="dialog" aria-controls="chat" aria-expanded="false"></button>'
		button = root.querySelector('button')
		button.addEventListener('click', toggle)
		draw()
		document.body.appendChild(host)
		if (remembered()) load()
	}

	window.addEventListener('message', function (event) {
		if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return
		var type = event.data && event.data.type
		if (type === 'zenvora-chat:close' && open) setOpen(false)
		if (type === 'zenvora-chat:live') remember(event.data.live === true)
		if (type === 'zenvora-chat:news' && !open) {
			unread = true
			draw()
		}
	})

	fetch(base + '/config', { credentials: 'omit' })
		.then(function (response) {
			return response.ok ? response.json() : null
		})
		.then(function (config) {
			if (!config || !config.active) return
			if (document.body) init(config)
			else
				document.addEventListener('DOMContentLoaded', function () {
					init(config)
				})
		})
		.catch(function () {})
})()
