import type { WorkflowParam } from '../workflows/workflow';

/** A value an elicitation form field holds. */
export type ElicitationValue = string | number | boolean;

/**
 * One field of a server's `elicitation/create` form, as the workflow form's ParamField draws it:
 * `key` is the property name the server asked for; `param` the control (its `default` is the
 * schema's, applied as SEP-1034 says); `integer` marks a number that must be whole.
 */
export interface ElicitationField {
  key: string;
  param: WorkflowParam;
  integer: boolean;
}

export type ElicitationAction = 'accept' | 'decline' | 'cancel';

/** The user's answer to an elicitation form (content only with accept). */
export interface ElicitationAnswer {
  action: ElicitationAction;
  content?: Record<string, ElicitationValue>;
}

/** A server's open form, shown in the conversation of the tool call it came with. */
export interface McpElicitationRequest {
  elicitationId: string;
  runId: string;
  conversationId: string;
  callId: string;
  server: string;
  /** The server's words (untrusted: shown as text). */
  message: string;
  fields: ElicitationField[];
}
