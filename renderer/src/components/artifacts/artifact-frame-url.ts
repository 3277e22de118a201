import { ARTIFACT_FRAME_PATH, ARTIFACT_FRAME_URL } from '../../../../shared/rendering/artifact-frame';
import { isTacoBridge } from '../../transport/bridge-client';

/**
 * Where the artifact frame's page is: in Electron its own scheme (artifact://preview/, never
 * app://taco); in a browser page the web host's path beside the app, which the sandbox and the
 * page's own header turn into an opaque origin.
 */
export function artifactFrameUrl(): string {
  if (isTacoBridge(window.taco)) return ARTIFACT_FRAME_URL;
  return new URL(ARTIFACT_FRAME_PATH, window.location.origin).href;
}
