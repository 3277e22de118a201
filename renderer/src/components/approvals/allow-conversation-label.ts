import { DEFAULTS } from '../../../../shared/constants';
import { revealInvisible } from '../../format/reveal-invisible';

/** What the "Allow for this conversation" button says, and the line under the buttons saying what it covers. */
export interface AllowConversationLabel {
  button: string;
  /** Shown compactly under the buttons (one line, full text on hover); null when the button says it all. */
  covers: string | null;
}

/**
 * The button and its scope as the user reads them. Main decides the scope
 * (`shared/approvals/approval-scope.ts`) and sends its label; this only chooses how to show it.
 * A short scope (a command, an origin, a path) stays on the button: "Allow `npm test` for this
 * conversation". A call scoped to its exact arguments (every MCP call) has the whole call as its
 * label, `tool({...})`, which the card already shows above: the button says it covers only this
 * exact call again (an MCP tool's wider choice is "Always allow this tool", ApprovalCard). Any other long scope moves off the button to
 * that line. Events from before scopes existed keep the old words.
 */
export function allowConversationLabel(tool: string, scope: string | undefined): AllowConversationLabel {
  const plain = 'Allow for this conversation';
  if (scope === undefined) return { button: plain, covers: null };
  if (scope.startsWith(`${tool}(`) && scope.endsWith(')'))
    return { button: 'Allow this exact call again in this conversation', covers: null };
  const shown = revealInvisible(scope).text;
  if (shown.length <= DEFAULTS.rendererTimeline.allowScopeOnButtonMax)
    return { button: `Allow ${shown} for this conversation`, covers: null };
  return { button: plain, covers: `Covers ${shown}` };
}

/** What "Always allow this tool" covers, said on its button (single and batch card alike). */
export const ALWAYS_ALLOW_SCOPE =
  "Any arguments, until the tool's description or schema changes or its server moves. Revoke in Settings → MCP servers.";
