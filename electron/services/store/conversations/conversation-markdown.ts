import type { ConversationSnapshot } from '../../../../shared/conversations/conversation';
import type { EventOf, TacoEvent } from '../../../../shared/contract/events';
import { formatToolName } from '../../../../shared/tools/format-tool-name';
import { escapeHtml, fenced, inlineCode, plainLine, safeMarkdown } from './markdown-safety';
import { chosenBranchEvents } from '../timeline/branch-tree';

interface OpenCall {
  call: EventOf<'tool-call'>;
  notes: string[];
}

/**
 * A conversation as a Markdown document people can read: the title, each message, tool calls
 * as collapsible `<details>` sections with their arguments and results in fenced blocks,
 * thinking collapsed, and every stop in words. Everything that came from the model, a tool or
 * the user is untrusted and made inert (markdown-safety.ts). Only the chosen branch is written
 * (the JSON export keeps every branch).
 */
export function conversationToMarkdown(snapshot: Pick<ConversationSnapshot, 'summary' | 'events'>): string {
  const { summary } = snapshot;
  const blocks: string[] = [`# ${plainLine(summary.title) || 'Conversation'}`];
  const facts = [
    summary.model ? `Model: ${plainLine(summary.model)}` : null,
    `Started: ${new Date(summary.createdAt).toISOString()}`,
    'Exported from TACO',
  ];
  blocks.push(`_${facts.filter(Boolean).join(' · ')}_`);

  let text = '';
  let thinking = '';
  const calls = new Map<string, OpenCall>();
  const approvals = new Map<string, string>();
  const flushText = (): void => {
    if (thinking.trim()) blocks.push(`<details>\n<summary>Thinking</summary>\n\n${fenced(thinking, 'text')}\n\n</details>`);
    thinking = '';
    if (text.trim()) blocks.push(safeMarkdown(text.trim()));
    text = '';
  };
  const endCall = (callId: string, outcome: string): void => {
    const open = calls.get(callId);
    if (!open) return;
    calls.delete(callId);
    flushText();
    blocks.push(toolSection(open, outcome));
  };

  for (const event of chosenBranchEvents(snapshot.events)) {
    switch (event.type) {
      case 'user-message':
        flushText();
        blocks.push(`## You\n\n${safeMarkdown(event.text.trim()) || '_(empty message)_'}${imagesNote(event.images?.length ?? 0)}`);
        break;
      case 'command-output':
        flushText();
        blocks.push(`**Command** ${plainLine(event.command) ? inlineCode(event.command) : '(empty)'}\n\n${safeMarkdown(event.output)}`);
        break;
      case 'run-start':
        flushText();
        blocks.push(`## TACO${event.model ? ` · ${plainLine(event.model)}` : ''}`);
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
        endCall(event.callId, `**Result**${event.truncated ? ' (cut to fit)' : ''}:\n\n${fenced(event.result, 'text')}`);
        break;
      case 'tool-error':
        endCall(event.callId, `**Error**:\n\n${fenced(event.error, 'text')}`);
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
        blocks.push(`**TACO asked:** ${safeMarkdown(event.question)}`);
        break;
      case 'question-answered':
        blocks.push(`**You answered:** ${safeMarkdown(event.answer)}`);
        break;
      case 'depth-limit':
        flushText();
        blocks.push(`_The tool stack reached depth ${event.depth} (limit ${event.limit})._`);
        break;
      case 'depth-resolved':
        blocks.push(
          event.decision === 'continue' ? `_You let it continue, up to ${event.limit} levels._` : '_You cancelled at the depth limit._',
        );
        break;
      case 'run-finish':
        for (const callId of [...calls.keys()]) endCall(callId, '_No result: the run stopped before the tool finished._');
        flushText();
        if (event.reason !== 'complete') {
          const lines = [`> **Stopped** (${event.reason.replace(/_/g, ' ')}): ${plainLine(event.message)}`];
          if (event.error) lines.push('>', `> ${plainLine(event.error)}`);
          blocks.push(lines.join('\n'));
        }
        break;
      case 'status':
      case 'stack':
      case 'tool-progress':
      case 'usage':
      case 'tools-offered':
      case 'timeline-rewound':
      case 'branch-selected':
      case 'conversation-updated':
      case 'workflow-step':
      case 'workflow-confirmed':
        break;
      case 'workflow-start':
        flushText();
        blocks.push(`_Workflow **${plainLine(event.name)}** (${event.steps.length} steps)._`);
        break;
      case 'workflow-confirm':
        flushText();
        blocks.push(`_Confirm:_ ${plainLine(event.message)}`);
        break;
      case 'workflow-finish':
        flushText();
        blocks.push(`_Workflow ended (${event.reason}): ${plainLine(event.message)}_`);
        break;
      default: {
        const unreachable: never = event;
        void (unreachable as TacoEvent);
      }
    }
  }
  for (const callId of [...calls.keys()]) endCall(callId, '_No result._');
  flushText();
  return `${blocks.join('\n\n')}\n`;
}

const APPROVAL_WORDS: Readonly<Record<EventOf<'approval-resolved'>['decision'], string>> = {
  'allow-once': 'allowed once',
  'allow-conversation': 'allowed for this conversation',
  'allow-tool': 'tool always allowed',
  deny: 'denied',
  timeout: 'nobody answered in time (denied)',
};

function toolSection(open: OpenCall, outcome: string): string {
  const { call, notes } = open;
  const summary = `Tool: ${escapeHtml(formatToolName(call.tool))} <code>${escapeHtml(call.tool)}</code>`;
  const parts = [`<details>\n<summary>${summary}</summary>`, `**Arguments**:\n\n${fenced(JSON.stringify(call.args, null, 2), 'json')}`];
  if (notes.length > 0) parts.push(notes.map((note) => `- ${note}`).join('\n'));
  parts.push(outcome, '</details>');
  return parts.join('\n\n');
}

function imagesNote(count: number): string {
  return count > 0 ? `\n\n_(${count} image${count === 1 ? '' : 's'} attached)_` : '';
}
