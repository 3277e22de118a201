import type { ServerResponse } from 'node:http';
import { ARTIFACT_FRAME_PAGE } from '../../../../shared/rendering/artifact-frame';
import { artifactFrameHeaders } from '../../artifact-frame-policy';

/**
 * The web host's artifact preview frame (`shared/rendering/artifact-frame.ts`): the same static
 * page as Electron's artifact://preview/, under its own sandboxing policy, framed only by our page
 * ('self': the page that opens it is on this origin; the sandbox makes the frame itself opaque).
 */
export function serveArtifactFrame(response: ServerResponse, method: string | undefined): void {
  const body = Buffer.from(ARTIFACT_FRAME_PAGE, 'utf8');
  response.writeHead(200, { ...artifactFrameHeaders("'self'"), 'Content-Length': String(body.length) });
  response.end(method === 'HEAD' ? undefined : body);
}
