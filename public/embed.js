/* Chatbot embed loader: <script src="{origin}/embed.js" data-chatbot-id="{id}" async></script>
 * Shows a launcher button (in a shadow root, so the host page's CSS cannot restyle it) and,
 * on the first click only, opens the chat in an iframe served from our origin. It loads nothing
 * else until then. Messages from the iframe are accepted only from our origin and that frame. */
;(function () {
	var script = document.currentScript
	var id = script && script.getAttribute('data-chatbot-id')
	if (!id || window['__zenvoraChat_' + id]) return
	window['__zenvoraChat_' + id] = true
	var origin = new URL(script.src).origin
	var open = false
	var frame, root, button

	function icon(path) {
		return (
			'<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">' +
			path +
			'</svg>'
		)
	}
	var CHAT = icon('<path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z"/>')
	var CLOSE = icon('<path d="M18 6 6 18M6 6l12 12"/>')

	function setOpen(next) {
		open = next
		button.setAttribute('aria-expanded', String(open))
		button.setAttribute('aria-label', open ? 'Close chat' : 'Open chat')
		button.innerHTML = open ? CLOSE : CHAT
		frame.style.display = open ? 'block' : 'none'
		if (open) {
			frame.focus()
			frame.contentWindow && frame.contentWindow.postMessage({ type: 'zenvora-chat:open' }, origin)
		} else {
			button.focus()
		}
	}

	function toggle() {
		if (!frame) {
			frame = document.createElement('iframe')
			frame.src = origin + '/embed/' + encodeURIComponent(id)
			frame.title = 'Chat'
			frame.id = 'chat'
			frame.setAttribute('referrerpolicy', 'origin')
			frame.onload = function () {
				if (open) frame.contentWindow.postMessage({ type: 'zenvora-chat:open' }, origin)
			}
			root.insertBefore(frame, button)
		}
		setOpen(!open)
	}

	function init() {
		var host = document.createElement('div')
		host.setAttribute('data-zenvora-chat', id)
		host.style.cssText = 'position:fixed;right:20px;bottom:20px;z-index:2147483000'
		root = host.attachShadow({ mode: 'open' })
		root.innerHTML =
			'<style>:host{all:initial}' +
			'button{all:unset;box-sizing:border-box;display:grid;place-items:center;width:60px;height:60px;margin-left:auto;border-radius:50%;background:#4f46e5;color:#fff;cursor:pointer;box-shadow:0 10px 25px rgba(79,70,229,.35);transition:transform .2s}' +
			'button:hover{transform:scale(1.06)}button:focus-visible{outline:3px solid #a5b4fc;outline-offset:3px}' +
			'iframe{display:none;width:min(380px,calc(100vw - 40px));height:min(600px,calc(100vh - 120px));margin-bottom:14px;border:0;border-radius:18px;background:#fff;box-shadow:0 20px 50px rgba(15,23,42,.25)}' +
			'@media (prefers-reduced-motion:reduce){button{transition:none}}</style>' +
			'<button type="button" aria-haspopup="dialog" aria-controls="chat" aria-expanded="false" aria-label="Open chat">' +
			CHAT +
			'</button>'
		button = root.querySelector('button')
		button.addEventListener('click', toggle)
		document.body.appendChild(host)
	}

	window.addEventListener('message', function (event) {
		if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return
		if (event.data && event.data.type === 'zenvora-chat:close' && open) setOpen(false)
	})

	if (document.body) init()
	else document.addEventListener('DOMContentLoaded', init)
})()
