import { randomUUID } from 'node:crypto';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { ModelEvent } from '../../../../shared/contract/events';
import type { ElicitationAction, McpElicitationRequest } from '../../../../shared/mcp/mcp-elicitation';
import { createPendingRequests, shutdownError } from '../../orchestration/pending-requests';
import type { McpClientHooks } from '../connection/mcp-client-hooks';
import type { ActiveCalls } from './active-calls';
import { checkElicitationContent, elicitationFields } from './elicitation-form';

export interface ElicitationBrokerOptions {
  /** `mcp-elicitation` and `mcp-elicitation-closed` (the model-events channel). */
  emit(event: ModelEvent): void;
  calls: ActiveCalls;
  newId?: () => string;
}

export interface ElicitationBroker {
  /** The hook the MCP clients call for `elicitation/create`. */
  elicit: NonNullable<McpClientHooks['elicit']>;
  /** The user's answer; refused for ids main did not issue, answered ones, or content the form does not allow. */
  answer(
    elicitationId: string,
    action: ElicitationAction,
    content: Record<string, unknown> | undefined,
  ): { accepted: boolean; message: string | null };
  pendingFor(conversationId: string): McpElicitationRequest[];
  dispose(): void;
}

const WHAT = 'The MCP server’s form';

/**
 * Main's side of elicitation: a server's form request during a tool call becomes an `elicitation`
 * event in that call's conversation (the renderer draws it with the workflow form fields), and the
 * user's accept / decline / cancel goes back to the server. A request with no call in flight, in
 * URL mode, or with a required field the form cannot hold is declined without asking. A withdrawn
 * call (Stop, the server's cancel) withdraws the form and answers cancel.
 */
export function createElicitationBroker(options: ElicitationBrokerOptions): ElicitationBroker {
  const newId = options.newId ?? randomUUID;
  const pending = createPendingRequests<McpElicitationRequest, ElicitResult>({
    emit: (request) => options.emit({ type: 'mcp-elicitation', request }),
    what: WHAT,
  });
  const closed = (request: Pick<McpElicitationRequest, 'elicitationId' | 'conversationId'>, action: ElicitationAction): void =>
    options.emit({ type: 'mcp-elicitation-closed', elicitationId: request.elicitationId, conversationId: request.conversationId, action });
  const forms = new Map<string, ReturnType<typeof elicitationFields>['fields']>();

  const elicit: ElicitationBroker['elicit'] = async (server, params, signal) => {
    const origin = options.calls.latest(server);
    if (!origin || params.mode === 'url') return { action: 'decline' };
    const { fields, unsupported } = elicitationFields(params);
    if (unsupported.length > 0) return { action: 'decline' };
    const elicitationId = newId();
    forms.set(elicitationId, fields);
    const both = AbortSignal.any([signal, origin.signal]);
    try {
      return await pending.open({
        key: elicitationId,
        event: {
          runId: origin.runId,
          conversationId: origin.conversationId,
          callId: origin.callId,
          elicitationId,
          server,
          message: params.message.slice(0, 2000),
          fields,
        },
        signal: both,
        onWithdrawn: () => closed({ elicitationId, conversationId: origin.conversationId }, 'cancel'),
      });
    } catch {
      return { action: 'cancel' };
    } finally {
      forms.delete(elicitationId);
    }
  };

  return {
    elicit,
    answer(elicitationId, action, content) {
      const fields = forms.get(elicitationId);
      const event = pending.get(elicitationId);
      if (!fields || !event) return { accepted: false, message: 'This form is no longer open.' };
      let result: ElicitResult = { action };
      if (action === 'accept') {
        const checked = checkElicitationContent(fields, content ?? {});
        if (!checked.ok) return { accepted: false, message: checked.message };
        result = { action, content: checked.content };
      }
      pending.settle(elicitationId, result);
      closed(event, action);
      return { accepted: true, message: null };
    },
    pendingFor: (conversationId) => pending.pendingFor(conversationId),
    dispose() {
      pending.withdrawAll(() => shutdownError(WHAT));
    },
  };
}
