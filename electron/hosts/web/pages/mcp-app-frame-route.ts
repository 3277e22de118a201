import type { ServerResponse } from 'node:http';
import { MCP_APP_FRAME_PAGE } from '../../../../shared/rendering/mcp-app-frame';
import { mcpAppFrameHeaders } from '../../mcp-app-frame-policy';

/**
 * The web host's MCP app frame (`shared/rendering/mcp-app-frame.ts`): a static page with no data in
 * it (the app's document comes by postMessage), under its own sandboxing policy, framed only by our
 * page; asked for by an opaque-origin frame, so served without the session cookie.
 */
export function serveMcpAppFrame(response: ServerResponse, method: string | undefined): void {
  const body = Buffer.from(MCP_APP_FRAME_PAGE, 'utf8');
  response.writeHead(200, { ...mcpAppFrameHeaders("'self'"), 'Content-Length': String(body.length) });
  response.end(method === 'HEAD' ? undefined : body);
}
