import { useState } from 'react';
import type { ElicitationAction, McpElicitationRequest } from '../../../../shared/mcp/mcp-elicitation';
import type { WorkflowParamValue } from '../../../../shared/workflows/workflow';
import { useTaco } from '../../store/store-context';
import { Dialog } from '../ui/Dialog';
import { ParamField } from '../workflows/ParamField';

type Values = Record<string, WorkflowParamValue>;

/** SEP-1034: the form opens with the defaults the server's schema gives. */
function defaults(request: McpElicitationRequest): Values {
  const values: Values = {};
  for (const { key, param } of request.fields) if (param.default !== undefined) values[key] = param.default;
  return values;
}

/** Empty inputs are left out: the server's defaults (or nothing) apply to them. */
function content(values: Values): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}

/**
 * An MCP server asking for input during a tool call: a dialog (focus on its first field, its body
 * scrolling, Send / Decline / Cancel always in sight below it) drawn with the workflow form's
 * fields. The server's words are shown as text. The answer goes to main, which checks the values.
 */
export function ElicitationForm({ request }: { request: McpElicitationRequest }) {
  const answerElicitation = useTaco((state) => state.answerElicitation);
  const [values, setValues] = useState<Values>(() => defaults(request));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const answer = async (action: ElicitationAction) => {
    setBusy(true);
    const refused = await answerElicitation(request.elicitationId, action === 'accept' ? { action, content: content(values) } : { action });
    setBusy(false);
    setProblem(refused);
  };

  const formId = `elicitation-${request.elicitationId}`;
  return (
    <Dialog
      title={`${request.server} asks for input`}
      testId="elicitation-form"
      // Esc, × or the scrim: the user did not answer, as Cancel.
      onClose={() => {
        if (!busy) void answer('cancel');
      }}
      footer={
        <>
          <button type="submit" form={formId} className="button primary" data-testid="elicitation-accept" disabled={busy}>
            Send
          </button>
          <button type="button" className="button" data-testid="elicitation-decline" disabled={busy} onClick={() => void answer('decline')}>
            Decline
          </button>
          <button type="button" className="button" data-testid="elicitation-cancel" disabled={busy} onClick={() => void answer('cancel')}>
            Cancel
          </button>
          {problem && (
            <p className="field-error elicitation-problem" role="alert" data-testid="elicitation-problem">
              {problem}
            </p>
          )}
        </>
      }
    >
      <p className="plain-text elicitation-message">
        <strong>{request.server}</strong> asks: {request.message}
      </p>
      <form
        id={formId}
        className="settings-form"
        // Main checks the values against the server's schema; the browser's own checks (a number
        // input's step of 1 against a default of 3.14) must not silently block Send.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void answer('accept');
        }}
      >
        {request.fields.map(({ key, param }) => (
          <ParamField
            key={key}
            param={param}
            value={values[key]}
            error={undefined}
            onChange={(value) => setValues((current) => ({ ...current, [key]: value }))}
          />
        ))}
      </form>
    </Dialog>
  );
}

/** The open forms of the conversation on screen. */
export function ElicitationForms() {
  const active = useTaco((state) => state.activeConversationId);
  const forms = useTaco((state) => state.mcpElicitations);
  const mine = forms.filter((each) => each.conversationId === active);
  const first = mine[0];
  // One at a time, oldest first: the next opens when this one is answered.
  return first ? <ElicitationForm key={first.elicitationId} request={first} /> : null;
}
