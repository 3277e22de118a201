import { appCallIdOfApproval } from '../../../../../shared/mcp/mcp-apps';

/** The open apps of this window, by the call each belongs to: how each takes the user back (engages its frame). */
const engagers = new Map<string, () => void>();

/** An app frame offers itself as where its own approval cards hand the user back; returns the withdrawal. */
export function offerAppFocus(appCallId: string, engage: () => void): () => void {
  engagers.set(appCallId, engage);
  return () => {
    if (engagers.get(appCallId) === engage) engagers.delete(appCallId);
  };
}

/**
 * After the user answered the card of an app's own tools/call, the app they were working in is
 * engaged again (its frame focused), so their next click in it reaches it: answering moved focus
 * to the card, which makes the frame inert, and the click that would engage it again is the
 * frame guard's, never the app's. Only a card main marked as the app's (`fromApp`) and only an
 * app still open; false when there is none (focus then goes where any answered card sends it).
 */
export function returnFocusToApp(approval: { callId: string; fromApp?: boolean }): boolean {
  if (approval.fromApp !== true) return false;
  const appCallId = appCallIdOfApproval(approval.callId);
  const engage = appCallId === null ? undefined : engagers.get(appCallId);
  if (!engage) return false;
  engage();
  return true;
}
