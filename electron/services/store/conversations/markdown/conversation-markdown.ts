import type { ConversationSnapshot } from '../../../../../shared/conversations/conversation';
import { formatToolName } from '../../../../../shared/tools/format-tool-name';
import { escapeHtml, fenced, inlineCode, plainLine, safeMarkdown } from './markdown-safety';
import { transcriptBlocks, type ToolOutcome, type TranscriptBlock } from './transcript-blocks';

/**
 * A conversation as a Markdown document people can read: the title, each message, tool calls
 * as collapsible `<details>` sections with their arguments and results in fenced blocks,
 * thinking collapsed, and every stop in words. Everything that came from the model, a tool or
 * the user is untrusted and made inert (markdown-safety.ts). Only the chosen branch is written
 * (transcript-blocks.ts; the JSON export keeps every branch).
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
  for (const block of transcriptBlocks(snapshot.events)) blocks.push(markdownOf(block));
  return `${blocks.join('\n\n')}\n`;
}

function markdownOf(block: TranscriptBlock): string {
  switch (block.kind) {
    case 'user':
      return `## You\n\n${safeMarkdown(block.text) || '_(empty message)_'}${imagesNote(block.images)}`;
    case 'command':
      return `**Command** ${plainLine(block.command) ? inlineCode(block.command) : '(empty)'}\n\n${safeMarkdown(block.output)}`;
    case 'turn':
      return `## TACO${block.model ? ` · ${plainLine(block.model)}` : ''}`;
    case 'thinking':
      return `<details>\n<summary>Thinking</summary>\n\n${fenced(block.text, 'text')}\n\n</details>`;
    case 'text':
      return safeMarkdown(block.text);
    case 'tool':
      return toolSection(block);
    case 'asked':
      return `**TACO asked:** ${safeMarkdown(block.question)}`;
    case 'answered':
      return `**You answered:** ${safeMarkdown(block.answer)}`;
    case 'depth-limit':
      return `_The tool stack reached depth ${block.depth} (limit ${block.limit})._`;
    case 'depth-resolved':
      return block.decision === 'continue' ? `_You let it continue, up to ${block.limit} levels._` : '_You cancelled at the depth limit._';
    case 'workflow-start':
      return `_Workflow **${plainLine(block.name)}** (${block.steps} step${block.steps === 1 ? '' : 's'})._`;
    case 'workflow-confirm':
      return `_Confirm:_ ${plainLine(block.message)}`;
    case 'workflow-finish':
      return `_Workflow ended (${block.reason}): ${plainLine(block.message)}_`;
    case 'stopped': {
      const lines = [`> **Stopped** (${block.reason}): ${plainLine(block.message)}`];
      if (block.error) lines.push('>', `> ${plainLine(block.error)}`);
      return lines.join('\n');
    }
    default: {
      const unreachable: never = block;
      return unreachable;
    }
  }
}

function toolSection(block: Extract<TranscriptBlock, { kind: 'tool' }>): string {
  const summary = `Tool: ${escapeHtml(formatToolName(block.tool))} <code>${escapeHtml(block.tool)}</code>`;
  const parts = [`<details>\n<summary>${summary}</summary>`, `**Arguments**:\n\n${fenced(JSON.stringify(block.args, null, 2), 'json')}`];
  if (block.notes.length > 0) parts.push(block.notes.map((note) => `- ${note}`).join('\n'));
  parts.push(outcomeMarkdown(block.outcome), '</details>');
  return parts.join('\n\n');
}

function outcomeMarkdown(outcome: ToolOutcome): string {
  switch (outcome.kind) {
    case 'result':
      return `**Result**${outcome.truncated ? ' (cut to fit)' : ''}:\n\n${fenced(outcome.text, 'text')}`;
    case 'error':
      return `**Error**:\n\n${fenced(outcome.text, 'text')}`;
    case 'stopped':
      return '_No result: the run stopped before the tool finished._';
    case 'none':
      return '_No result._';
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}

function imagesNote(count: number): string {
  return count > 0 ? `\n\n_(${count} image${count === 1 ? '' : 's'} attached)_` : '';
}
