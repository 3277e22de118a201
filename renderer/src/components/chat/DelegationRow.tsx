import { useId, useState } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { delegationSummary, type CallRow } from './call-rows';
import { ToolRow } from './ToolRow';

interface Props {
  calls: CallRow[];
  runFinished: boolean;
  /** What a call waits for ("your approval"), while it does. */
  waitingFor(callId: string): string | null;
}

/**
 * A sub-agent's work as one row: "Delegated 3 tasks · 2 done, 1 failed ▸", with the calls the
 * helpers made. Opened, each delegate call shows its helper's calls under it, nested as they ran.
 */
export function DelegationRow({ calls, runFinished, waitingFor }: Props) {
  const [open, setOpen] = useState(false);
  const treeId = useId();
  const summary = delegationSummary(calls, runFinished);
  return (
    <div className="delegation" data-testid="delegation" data-open={open} data-problem={summary.problem}>
      <button
        type="button"
        className="delegation-head"
        aria-expanded={open}
        aria-controls={treeId}
        data-testid="delegation-toggle"
        onClick={() => setOpen(!open)}
      >
        <span className="delegation-title">{summary.title}</span>
        <span className="delegation-outcome" data-testid="delegation-outcome">
          {summary.outcome}
        </span>
        {summary.inside !== null && <span className="delegation-inside">{summary.inside}</span>}
        <span className="tool-group-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
      </button>
      {open && (
        <div id={treeId}>
          <CallTree calls={calls} depth={0} runFinished={runFinished} waitingFor={waitingFor} />
        </div>
      )}
    </div>
  );
}

function CallTree({ calls, depth, runFinished, waitingFor }: { calls: CallRow[]; depth: number } & Omit<Props, 'calls'>) {
  const indented = depth < DEFAULTS.rendererTimeline.delegationIndentLevels;
  return (
    <ol className={`delegation-tree${depth > 0 && indented ? ' delegation-tree-nested' : ''}`} data-depth={depth}>
      {calls.map((call) => (
        <li key={call.part.id} className="delegation-node">
          <ToolRow part={call.part} decision={call.decision} runFinished={runFinished} waitingFor={waitingFor(call.part.callId)} />
          {call.helperCalls.length > 0 && (
            <CallTree calls={call.helperCalls} depth={depth + 1} runFinished={runFinished} waitingFor={waitingFor} />
          )}
        </li>
      ))}
    </ol>
  );
}
