/**
 * The MCP app frame: the page both hosts serve for an MCP App (docs/mcp.md, "MCP Apps"), the
 * extension's "sandbox proxy". It holds no data: the window sends it the document main composed
 * (`ui/notifications/sandbox-resource-ready`), which it shows in a nested `srcdoc` frame with
 * `sandbox="allow-scripts"`, and it relays the JSON-RPC messages between the window's bridge and
 * the app, nothing else. The page's own policy (`mcpAppFramePolicy`) is the widest an app can get
 * (https only, no forms, no plugins); the nested document carries main's policy built from the
 * app's declared domains, and both apply. Served like the artifact frame: in Electron from
 * `artifact://preview/`, in the web host from a fixed path, never from the app's own origin.
 */
export const MCP_APP_FRAME_PATH = '/mcp-app-frame.html';

/** The method the proxy announces itself with, and the one that brings it the app's document (the extension's names). */
export const SANDBOX_PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
export const SANDBOX_RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';

export const MCP_APP_FRAME_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>MCP app</title>
<style>html,body{margin:0;height:100%;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
</head>
<body>
<script>
(function () {
  var parentWindow = window.parent;
  var frame = null;
  var inert = true;
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.source === parentWindow) {
      if (!data || typeof data !== 'object') return;
      if (data.type === 'inert' && typeof data.inert === 'boolean') {
        inert = data.inert;
        if (frame) frame.inert = inert;
        return;
      }
      if (data.method === ${JSON.stringify(SANDBOX_RESOURCE_READY)}) {
        if (frame || !data.params || typeof data.params.html !== 'string') return;
        frame = document.createElement('iframe');
        frame.inert = inert;
        frame.setAttribute('sandbox', 'allow-scripts');
        frame.setAttribute('title', 'MCP app');
        frame.setAttribute('referrerpolicy', 'no-referrer');
        frame.setAttribute('allow', "focus-without-user-activation 'none'");
        frame.srcdoc = data.params.html;
        document.body.appendChild(frame);
        return;
      }
      if (frame && frame.contentWindow) frame.contentWindow.postMessage(data, '*');
      return;
    }
    if (frame && event.source === frame.contentWindow) parentWindow.postMessage(data, '*');
  });
  parentWindow.postMessage({ jsonrpc: '2.0', method: ${JSON.stringify(SANDBOX_PROXY_READY)}, params: {} }, '*');
})();
</script>
</body>
</html>
`;
