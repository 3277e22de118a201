import type { AssistantTurn, TurnPart } from '../../store/events/conversation-view';
import { ApprovalCard } from '../approvals/ApprovalCard';
import { BatchApprovalCard } from '../approvals/BatchApprovalCard';
import { AssistantMessageActions } from './AssistantMessageActions';
import { DepthPrompt } from '../approvals/DepthPrompt';
import { Markdown } from '../markdown/Markdown';
import { QuestionCard } from '../approvals/QuestionCard';
import { StatusLine } from './StatusLine';
import { StopNotice } from './StopNotice';
import { ThinkingDisclosure } from './ThinkingDisclosure';
import { ToolGroup } from './ToolGroup';
import { ToolRow } from './ToolRow';
import { turnSegments, type TurnSegment } from './turn-segments';
import { DelegationRow } from './DelegationRow';
import { ToolsOfferedNote } from './ToolsOfferedNote';
import { RememberedNote } from './RememberedNote';
import { TruncationWarning } from './TruncationWarning';
import { UsageLine } from './UsageLine';
import { WorkflowBlock } from '../workflows/WorkflowBlock';
import type { KnowledgePassage } from '../../../../shared/knowledge/knowledge';
import { CitationContext } from '../knowledge/citation-context';
import { KnowledgeUsedNote } from '../knowledge/KnowledgeUsedNote';

const NO_PASSAGES: ReadonlyMap<number, KnowledgePassage> = new Map();
const passageMaps = new WeakMap<readonly KnowledgePassage[], ReadonlyMap<number, KnowledgePassage>>();

/** The turn's passages by number (one map per list, so the answer's blocks are not drawn again for nothing). */
function citedPassages(turn: AssistantTurn): ReadonlyMap<number, KnowledgePassage> {
  if (!turn.passages) return NO_PASSAGES;
  let map = passageMaps.get(turn.passages);
  if (!map) {
    map = new Map(turn.passages.map((passage) => [passage.n, passage]));
    passageMaps.set(turn.passages, map);
  }
  return map;
}

/** Calls that wait on the user right now: an open approval card or question. */
function waitingCalls(turn: AssistantTurn): Map<string, string> {
  const waiting = new Map<string, string>();
  if (turn.finish) return waiting;
  for (const part of turn.parts) {
    if (part.type === 'approval' && part.resolution === null) waiting.set(part.callId, 'your approval');
    if (part.type === 'question' && part.answer === null) waiting.set(part.callId, 'your answer');
  }
  return waiting;
}

interface Props {
  turn: AssistantTurn;
  /** The run is still going: show its status line. */
  running: boolean;
  status: string | null;
  /** This is the latest turn and nothing runs: a stop here may offer Continue. */
  isLatest: boolean;
}

/** One assistant turn: its parts in order (thinking, text, tool rows, runs of finished calls folded, cards, stop notice), then speed. */
export function AssistantMessage({ turn, running, status, isLatest }: Props) {
  const finished = turn.finish !== null;
  const lastPart = turn.parts[turn.parts.length - 1];
  const waiting = waitingCalls(turn);

  const waitingFor = (callId: string) => waiting.get(callId) ?? null;
  const renderSegment = (segment: TurnSegment) => {
    switch (segment.type) {
      case 'tools':
        return <ToolGroup key={segment.id} calls={segment.calls} runFinished={finished} />;
      case 'delegation':
        return <DelegationRow key={segment.id} calls={segment.calls} runFinished={finished} waitingFor={waitingFor} />;
      case 'call': {
        const { part, decision } = segment.call;
        return <ToolRow key={part.id} part={part} decision={decision} runFinished={finished} waitingFor={waitingFor(part.callId)} />;
      }
      case 'part':
        return renderPart(segment.part);
      default: {
        const unreachable: never = segment;
        return unreachable;
      }
    }
  };

  const renderPart = (part: Exclude<TurnPart, { type: 'tool' }>) => {
    switch (part.type) {
      case 'text':
        return (
          <div key={part.id} className="answer-text" data-testid="answer-text">
            <Markdown text={part.text} streaming={running && part === lastPart} />
          </div>
        );
      case 'thinking':
        return <ThinkingDisclosure key={part.id} text={part.text} streaming={running && part === lastPart} />;
      case 'approval': {
        if (!part.batch) return <ApprovalCard key={part.id} part={part} runFinished={finished} />;
        const batchId = part.batch.batchId;
        const members = turn.parts.filter((other): other is typeof part => other.type === 'approval' && other.batch?.batchId === batchId);
        // The whole batch is one card, drawn where its first request arrived, its calls in the model's order.
        if (members[0] !== part) return null;
        const ordered = [...members].sort((a, b) => (a.batch?.index ?? 0) - (b.batch?.index ?? 0));
        return <BatchApprovalCard key={part.id} parts={ordered} runFinished={finished} />;
      }
      case 'question':
        return <QuestionCard key={part.id} part={part} runFinished={finished} />;
      case 'depth':
        return <DepthPrompt key={part.id} part={part} runId={turn.runId} goal={turn.goal} runFinished={finished} />;
      case 'stop':
        return <StopNotice key={part.id} part={part} canContinue={isLatest && !running} />;
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  };

  return (
    <CitationContext.Provider value={citedPassages(turn)}>
      <article
        className="message message-assistant"
        data-testid="message"
        data-role="assistant"
        data-run-id={turn.runId}
        aria-label="Assistant"
      >
        <div className="message-body">
          {turn.remembered && <RememberedNote notes={turn.remembered} />}
          {turn.workflow && <WorkflowBlock workflow={turn.workflow} runFinished={finished} />}
          {turnSegments(turn.parts).map(renderSegment)}
          {turn.usage?.truncation && <TruncationWarning {...turn.usage.truncation} />}
          {running && <StatusLine text={status} />}
          {/* One row under the answer: model and speed, then the "i" for which tools the model saw (on request for the
            turn at hand; unasked when the model wanted one left out). */}
          <div className="message-meta">
            {finished && turn.usage && <UsageLine usage={turn.usage} model={turn.model} />}
            {turn.offered && isLatest && (
              <ToolsOfferedNote offered={turn.offered} asked={turn.parts.flatMap((part) => (part.type === 'tool' ? [part.tool] : []))} />
            )}
          </div>
          {turn.passages && <KnowledgeUsedNote passages={turn.passages} />}
          <AssistantMessageActions turn={turn} isLatest={isLatest} />
        </div>
      </article>
    </CitationContext.Provider>
  );
}
