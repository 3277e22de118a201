import type { EventOf, TacoEvent } from '../../../../../shared/contract/events';
import { chosenBranchEvents } from '../../timeline/branch-tree';

/** How a tool call ended, as an export shows it. */
export type ToolOutcome =
  | { kind: 'result'; text: string; truncated: boolean }
  | { kind: 'error'; text: string }
  /** The run stopped before the tool finished. */
  | { kind: 'stopped' }
  /** The timeline ends before the call did. */
  | { kind: 'none' };

/**
 * What a reader of an export sees, in order: one block each, every text in it untrusted (the
 * user's, the model's, a tool's) and left for the format to make inert. The Markdown and HTML
 * exports render these; neither reads events itself.
 */
export type TranscriptBlock =
  | { kind: 'user'; text: string; images: number }
  | { kind: 'command'; command: string; output: string }
  | { kind: 'turn'; model: string | null }
  | { kind: 'thinking'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'tool'; tool: string; args: unknown; notes: string[]; outcome: ToolOutcome }
  | { kind: 'asked'; question: string }
  | { kind: 'answered'; answer: string }
  | { kind: 'depth-limit'; depth: number; limit: number }
  | { kind: 'depth-resolved'; decision: 'continue' | 'cancel'; limit: number }
  | { kind: 'workflow-start'; name: string; steps: number }
  | { kind: 'workflow-confirm'; message: string }
  | { kind: 'workflow-finish'; reason: string; message: string }
  | { kind: 'stopped'; reason: string; message: string; error: string | null };

interface OpenCall {
  call: EventOf<'tool-call'>;
  notes: string[];
}

const APPROVAL_WORDS: Readonly<Record<EventOf<'approval-resolved'>['decision'], string>> = {
  'allow-once': 'allowed once',
  'allow-conversation': 'allowed for this conversation',
  'allow-tool': 'tool always allowed',
  deny: 'denied',
  timeout: 'nobody answered in time (denied)',
};

/** The chosen branch of a timeline as blocks (the JSON export is the one that keeps every branch). */
export function transcriptBlocks(events: readonly TacoEvent[]): TranscriptBlock[] {
  const blocks: TranscriptBlock[] = [];
  let text = '';
  let thinking = '';
  const calls = new Map<string, OpenCall>();
  const approvals = new Map<string, string>();
  const flushText = (): void => {
    if (thinking.trim()) blocks.push({ kind: 'thinking', text: thinking });
    thinking = '';
    if (text.trim()) blocks.push({ kind: 'text', text: text.trim() });
    text = '';
  };
  const endCall = (callId: string, outcome: ToolOutcome): void => {
    const open = calls.get(callId);
    if (!open) return;
    calls.delete(callId);
    flushText();
    blocks.push({ kind: 'tool', tool: open.call.tool, args: open.call.args, notes: open.notes, outcome });
  };

  for (const event of chosenBranchEvents(events)) {
    switch (event.type) {
      case 'user-message':
        flushText();
        blocks.push({ kind: 'user', text: event.text.trim(), images: event.images?.length ?? 0 });
        break;
      case 'command-output':
        flushText();
        blocks.push({ kind: 'command', command: event.command, output: event.output });
        break;
      case 'run-start':
        flushText();
        blocks.push({ kind: 'turn', model: event.model || null });
        break;
      case 'text-delta':
        if (thinking && !text) flushText();
        text += event.text;
        break;
      case 'thinking-delta':
        if (text) flushText();
        thinking += event.text;
        break;
      case 'tool-call':
        flushText();
        calls.set(event.callId, { call: event, notes: [] });
        break;
      case 'tool-result':
        endCall(event.callId, { kind: 'result', text: event.result, truncated: Boolean(event.truncated) });
        break;
      case 'tool-error':
        endCall(event.callId, { kind: 'error', text: event.error });
        break;
      case 'approval-request':
        approvals.set(event.approvalId, event.callId);
        calls.get(event.callId)?.notes.push(`Approval asked (${event.risk}).`);
        break;
      case 'approval-resolved': {
        const callId = approvals.get(event.approvalId);
        if (callId) calls.get(callId)?.notes.push(`Approval: ${APPROVAL_WORDS[event.decision]}.`);
        break;
      }
      case 'question':
        flushText();
        blocks.push({ kind: 'asked', question: event.question });
        break;
      case 'question-answered':
        blocks.push({ kind: 'answered', answer: event.answer });
        break;
      case 'depth-limit':
        flushText();
        blocks.push({ kind: 'depth-limit', depth: event.depth, limit: event.limit });
        break;
      case 'depth-resolved':
        blocks.push({ kind: 'depth-resolved', decision: event.decision === 'continue' ? 'continue' : 'cancel', limit: event.limit });
        break;
      case 'run-finish':
        for (const callId of [...calls.keys()]) endCall(callId, { kind: 'stopped' });
        flushText();
        if (event.reason !== 'complete')
          blocks.push({ kind: 'stopped', reason: event.reason.replace(/_/g, ' '), message: event.message, error: event.error ?? null });
        break;
      case 'workflow-start':
        flushText();
        blocks.push({ kind: 'workflow-start', name: event.name, steps: event.steps.length });
        break;
      case 'workflow-confirm':
        flushText();
        blocks.push({ kind: 'workflow-confirm', message: event.message });
        break;
      case 'workflow-finish':
        flushText();
        blocks.push({ kind: 'workflow-finish', reason: event.reason, message: event.message });
        break;
      case 'status':
      case 'stack':
      case 'tool-progress':
      case 'usage':
      case 'tools-offered':
      case 'memories-recalled':
      case 'knowledge-used':
      case 'timeline-rewound':
      case 'branch-selected':
      case 'conversation-updated':
      case 'workflow-step':
      case 'workflow-confirmed':
        break;
      default: {
        const unreachable: never = event;
        void (unreachable as TacoEvent);
      }
    }
  }
  for (const callId of [...calls.keys()]) endCall(callId, { kind: 'none' });
  flushText();
  return blocks;
}
