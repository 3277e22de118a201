import { useId, useState } from 'react';
import { displayToolName } from '../../format/mcp-tool-name';
import { ToolRow } from './ToolRow';
import { toolCounts, type CallRow } from './turn-segments';

/**
 * "Used 6 tools ▸ Calculate × 4, Read File × 2": finished calls folded into one line that opens to
 * their rows. A call that did not succeed (failed, denied, cancelled, skipped) stays visible below
 * the line while it is folded.
 */
export function ToolGroup({ calls, runFinished }: { calls: CallRow[]; runFinished: boolean }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const unsuccessful = calls.filter((call) => call.part.outcome.type === 'error');
  const shown = open ? calls : unsuccessful;
  return (
    <div className="tool-group" data-testid="tool-group" data-open={open}>
      <button
        type="button"
        className="tool-group-head"
        aria-expanded={open}
        aria-controls={listId}
        data-testid="tool-group-toggle"
        onClick={() => setOpen(!open)}
      >
        <span className="tool-group-title">Used {calls.length} tools</span>
        <span className="tool-group-tools">{toolCounts(calls, (tool) => displayToolName(tool))}</span>
        {unsuccessful.length > 0 && <span className="tool-group-problems">{unsuccessful.length} without a result</span>}
        <span className="tool-group-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
      </button>
      {shown.length > 0 && (
        <div id={listId} className="tool-group-rows">
          {shown.map((call) => (
            <ToolRow key={call.part.id} part={call.part} decision={call.decision} runFinished={runFinished} waitingFor={null} />
          ))}
        </div>
      )}
    </div>
  );
}
