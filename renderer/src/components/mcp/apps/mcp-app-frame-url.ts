import { ARTIFACT_HOST, ARTIFACT_SCHEME } from '../../../../../shared/rendering/artifact-frame';
import { MCP_APP_FRAME_PATH } from '../../../../../shared/rendering/mcp-app-frame';
import { isTacoBridge } from '../../../transport/bridge-client';

/** Where the MCP app frame's page is: in Electron the artifact scheme (never app://taco), in a browser page the web host's path. */
export function mcpAppFrameUrl(): string {
  if (isTacoBridge(window.taco)) return `${ARTIFACT_SCHEME}://${ARTIFACT_HOST}${MCP_APP_FRAME_PATH}`;
  return new URL(MCP_APP_FRAME_PATH, window.location.origin).href;
}
