import { abortError } from '../../../services/orchestration/abort-error';
import type { ApprovalGate } from '../../../services/orchestration/orchestration-types';
import { ALLOW_APPROVALS_FLAG } from '../api-args';

/**
 * Whether the API's key holder may answer approvals (`POST /v1/taco/approvals/{id}`): with it, a
 * client can start a run and approve its own `run_command`. Off unless the user turns it on
 * (`DEFAULTS.gateway.allowApiApprovals`); off, the endpoint answers 403 with `offMessage`.
 */
export interface ApiApprovals {
  allowed(): boolean;
  /** Why an answer was refused, naming the switch (the app) or the flag (headless) that allows it. */
  offMessage: string;
}

export const APP_APPROVALS_OFF =
  'Answering approvals over the API is off: answer this approval in TACO’s window, or turn on “Answer approvals over the API” in Settings → Local API.';

export const HEADLESS_APPROVALS_OFF = `Answering approvals over the API is off: start the API host with ${ALLOW_APPROVALS_FLAG} to allow it. Until then every call that needs approval is refused.`;

/** What the model (and the client's stream) reads for a risky call on a headless host without approvals. */
export const HEADLESS_CALL_REFUSED = `no one can approve it: this headless API host answers no approvals (start it with ${ALLOW_APPROVALS_FLAG} to let API clients approve calls)`;

/**
 * The headless host's approval gate while approvals over the API are off: no window will ever
 * answer, so a call that needs approval is refused at once (the loop turns the refusal into a
 * "Not run" for the model) instead of waiting out the approval timeout.
 */
export function refusingApprovalGate(): ApprovalGate {
  return {
    async request(_request, signal) {
      if (signal.aborted) throw abortError(signal, 'The approval request');
      throw new Error(HEADLESS_CALL_REFUSED);
    },
  };
}
