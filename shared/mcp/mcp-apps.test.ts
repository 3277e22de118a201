import { describe, expect, it } from 'vitest';
import { appApprovalCallId, appCallIdOfApproval } from './mcp-apps';

describe('the call id of an app’s approval card', () => {
  it.each(['k1', 'call_9f:2', 'a:app', 'x:app:y'])('names the app’s call %s back, whatever the unique part', (callId) => {
    expect(appCallIdOfApproval(appApprovalCallId(callId, 'u-1'))).toBe(callId);
    expect(appCallIdOfApproval(appApprovalCallId(callId, '7'))).toBe(callId);
  });

  it.each(['k1', ':app:u', 'k1:app:', '', 'k1:ap:u'])(
    'is no app’s for %j (a model’s call, or no call before or after the mark)',
    (callId) => {
      expect(appCallIdOfApproval(callId)).toBeNull();
    },
  );
});
