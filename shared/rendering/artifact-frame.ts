/**
 * The artifact preview frame: the page both hosts serve for a previewed HTML or SVG artifact, and
 * the messages it exchanges with the window. The page holds no data; the artifact arrives by
 * postMessage and is shown in a nested `srcdoc` frame, which inherits this page's policy
 * (`artifactFramePolicy`: inline script and style only, no network) and its sandbox. The window
 * opens the page in `<iframe sandbox="allow-scripts">` (an opaque origin: no access to the window,
 * `window.taco`, its storage or cookies); in Electron it comes from its own scheme,
 * `artifact://preview/`, never `app://taco`.
 */
export const ARTIFACT_SCHEME = 'artifact';
export const ARTIFACT_HOST = 'preview';
export const ARTIFACT_FRAME_PATH = '/artifact-frame.html';
/** The frame's address in Electron (the web host serves ARTIFACT_FRAME_PATH on its own port). */
export const ARTIFACT_FRAME_URL = `${ARTIFACT_SCHEME}://${ARTIFACT_HOST}${ARTIFACT_FRAME_PATH}`;

/**
 * The artifact's first script: deletes every WebRTC interface (RTCPeerConnection and the rest,
 * prefixed or not) from the artifact's own window before its code runs. A browser page cannot do
 * more: a frame the artifact creates inside itself has them again (docs/security.md, the artifact
 * preview's "what remains"); in Electron the session's proxy and WebRTC policy hold regardless.
 */
export const PRELUDE_SCRIPT =
  'Object.getOwnPropertyNames(window).forEach(function (name) { if (/^(webkit|moz)?RTC/.test(name)) { try { delete window[name]; } catch (error) {} } });';

/**
 * The frame's page. Its inline script accepts messages from the window only (the parent), shows
 * one artifact in a nested sandboxed frame, and answers pings so the window can tell a frame whose
 * thread is stuck (an infinite loop) and remove it. The artifact runs in the nested frame, another
 * opaque origin: it cannot reach this script, only post to it, and a forged pong at most keeps
 * alive a frame that is not stuck.
 */
export const ARTIFACT_FRAME_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Artifact preview</title>
<style>html,body{margin:0;height:100%;background:white}iframe{border:0;width:100%;height:100%;display:block}</style>
</head>
<body>
<script>
(function () {
  var parentWindow = window.parent;
  // Runs first in the artifact's frame (after a doctype, so the page keeps standards mode): removes
  // WebRTC, which no CSP directive governs, from the artifact's window.
  var PRELUDE = '<script>' + ${JSON.stringify(PRELUDE_SCRIPT)} + '<\\/script>';
  var shown = false;
  var frame = null;
  var inert = true;
  window.addEventListener('message', function (event) {
    if (event.source !== parentWindow) return;
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    if (data.type === 'ping' && typeof data.seq === 'number') {
      parentWindow.postMessage({ type: 'pong', seq: data.seq }, '*');
      return;
    }
    if (data.type === 'inert' && typeof data.inert === 'boolean') {
      inert = data.inert;
      if (frame) frame.inert = inert;
      return;
    }
    if (data.type === 'show' && typeof data.html === 'string' && !shown) {
      shown = true;
      frame = document.createElement('iframe');
      frame.inert = inert;
      frame.setAttribute('sandbox', 'allow-scripts');
      frame.setAttribute('title', 'Artifact');
      frame.setAttribute('referrerpolicy', 'no-referrer');
      frame.setAttribute('allow', "focus-without-user-activation 'none'");
      frame.srcdoc = '<!doctype html>' + PRELUDE + data.html;
      document.body.appendChild(frame);
      parentWindow.postMessage({ type: 'shown' }, '*');
    }
  });
  parentWindow.postMessage({ type: 'ready' }, '*');
})();
</script>
</body>
</html>
`;

export type ArtifactFrameRequest =
  | { type: 'show'; html: string }
  | { type: 'ping'; seq: number }
  /** The artifact's frame is inert (no focus, no typing) until the user clicks the preview. */
  | { type: 'inert'; inert: boolean };

export type ArtifactFrameReply = { type: 'ready' } | { type: 'shown' } | { type: 'pong'; seq: number };

/** What the frame posted, if it is a reply of the right shape (the frame runs model output: never trusted). */
export function parseArtifactFrameReply(data: unknown): ArtifactFrameReply | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record.type === 'ready') return { type: 'ready' };
  if (record.type === 'shown') return { type: 'shown' };
  if (record.type === 'pong' && typeof record.seq === 'number') return { type: 'pong', seq: record.seq };
  return null;
}
