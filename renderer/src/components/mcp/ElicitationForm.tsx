import { useState } from 'react';
import type { ElicitationAction, McpElicitationRequest } from '../../../../shared/mcp/mcp-elicitation';
import type { WorkflowParamValue } from '../../../../shared/workflows/workflow';
import { useTaco } from '../../store/store-context';
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
 * An MCP server asking for input during a tool call, drawn with the workflow form's fields. The
 * server's words are shown as text. Send, Decline and Cancel go to main, which checks the values.
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

  return (
    <section className="card elicitation-card" data-testid="elicitation-form" aria-label={`A form from the MCP server ${request.server}`}>
      <p className="card-title plain-text">
        <strong>{request.server}</strong> asks: {request.message}
      </p>
      <form
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
        {problem && (
          <p className="field-error" role="alert" data-testid="elicitation-problem">
            {problem}
          </p>
        )}
        <div className="field-row">
          <button type="submit" className="button primary" data-testid="elicitation-accept" disabled={busy}>
            Send
          </button>
          <button type="button" className="button" data-testid="elicitation-decline" disabled={busy} onClick={() => void answer('decline')}>
            Decline
          </button>
          <button type="button" className="button" data-testid="elicitation-cancel" disabled={busy} onClick={() => void answer('cancel')}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

/** The open forms of the conversation on screen. */
export function ElicitationForms() {
  const active = useTaco((state) => state.activeConversationId);
  const forms = useTaco((state) => state.mcpElicitations);
  const mine = forms.filter((each) => each.conversationId === active);
  if (mine.length === 0) return null;
  return (
    <div className="elicitation-forms">
      {mine.map((request) => (
        <ElicitationForm key={request.elicitationId} request={request} />
      ))}
    </div>
  );
}
