import type { ConversationSnapshot } from '../../../../../shared/conversations/conversation';
import { formatToolName } from '../../../../../shared/tools/format-tool-name';
import { transcriptBlocks, type ToolOutcome, type TranscriptBlock } from '../markdown/transcript-blocks';
import { EXPORT_HTML_STYLE } from './export-html-style';
import { escapeHtmlText as esc } from './hast-to-html';
import { markdownToHtml } from './markdown-html';
import { EXPORT_HTML_POLICY } from './export-html-policy';

export { EXPORT_HTML_POLICY } from './export-html-policy';

/**
 * A conversation as one self-contained HTML page: its stylesheet inlined, no script, tool calls
 * and thinking folded into `<details>`, the chosen branch only (transcript-blocks.ts). All text
 * that came from the user, the model or a tool is escaped; Markdown is rendered by the window's
 * rules (markdown-html.ts).
 */
export function conversationToHtml(snapshot: Pick<ConversationSnapshot, 'summary' | 'events'>): string {
  const { summary } = snapshot;
  const title = summary.title.replace(/\s+/g, ' ').trim() || 'Conversation';
  const facts = [
    summary.model ? `Model: ${summary.model}` : null,
    `Started: ${new Date(summary.createdAt).toISOString()}`,
    'Exported from TACO',
  ]
    .filter(Boolean)
    .join(' · ');
  const body = transcriptBlocks(snapshot.events).map(htmlOf).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${EXPORT_HTML_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="TACO">
<title>${esc(title)}</title>
<style>${EXPORT_HTML_STYLE}</style>
</head>
<body>
<main>
<header><h1>${esc(title)}</h1><p class="facts">${esc(facts)}</p></header>
${body}
</main>
</body>
</html>
`;
}

function htmlOf(block: TranscriptBlock): string {
  switch (block.kind) {
    case 'user': {
      const images = block.images > 0 ? `<p class="note">(${block.images} image${block.images === 1 ? '' : 's'} attached)</p>` : '';
      const text = block.text ? markdownToHtml(block.text) : '<p class="note">(empty message)</p>';
      return `<section class="message user"><h2>You</h2><div class="md">${text}</div>${images}</section>`;
    }
    case 'command':
      return `<section class="message command"><h2>Command <code>${esc(block.command.trim() || '(empty)')}</code></h2><div class="md">${markdownToHtml(block.output)}</div></section>`;
    case 'turn':
      return `<h2 class="turn message-heading">TACO${block.model ? ` · ${esc(block.model)}` : ''}</h2>`;
    case 'thinking':
      return `<details class="thinking"><summary>Thinking</summary><pre>${esc(block.text)}</pre></details>`;
    case 'text':
      return `<div class="message answer md">${markdownToHtml(block.text)}</div>`;
    case 'tool':
      return toolHtml(block);
    case 'asked':
      return `<div class="message answer"><strong>TACO asked:</strong><div class="md">${markdownToHtml(block.question)}</div></div>`;
    case 'answered':
      return `<div class="message user"><strong>You answered:</strong><div class="md">${markdownToHtml(block.answer)}</div></div>`;
    case 'depth-limit':
      return note(`The tool stack reached depth ${block.depth} (limit ${block.limit}).`);
    case 'depth-resolved':
      return note(
        block.decision === 'continue' ? `You let it continue, up to ${block.limit} levels.` : 'You cancelled at the depth limit.',
      );
    case 'workflow-start':
      return note(`Workflow “${block.name}” (${block.steps} step${block.steps === 1 ? '' : 's'}).`);
    case 'workflow-confirm':
      return note(`Confirm: ${block.message}`);
    case 'workflow-finish':
      return note(`Workflow ended (${block.reason}): ${block.message}`);
    case 'stopped':
      return `<p class="stopped"><strong>Stopped</strong> (${esc(block.reason)}): ${esc(block.message)}${block.error ? `<br>${esc(block.error)}` : ''}</p>`;
    default: {
      const unreachable: never = block;
      return unreachable;
    }
  }
}

function note(text: string): string {
  return `<p class="note">${esc(text)}</p>`;
}

function toolHtml(block: Extract<TranscriptBlock, { kind: 'tool' }>): string {
  const notes = block.notes.length > 0 ? `<ul>${block.notes.map((line) => `<li>${esc(line)}</li>`).join('')}</ul>` : '';
  return [
    `<details class="tool"><summary>Tool: ${esc(formatToolName(block.tool))} <code>${esc(block.tool)}</code></summary>`,
    `<h3>Arguments</h3><pre>${esc(JSON.stringify(block.args, null, 2) ?? '')}</pre>`,
    notes,
    outcomeHtml(block.outcome),
    '</details>',
  ].join('');
}

function outcomeHtml(outcome: ToolOutcome): string {
  switch (outcome.kind) {
    case 'result':
      return `<h3>Result${outcome.truncated ? ' (cut to fit)' : ''}</h3><pre>${esc(outcome.text)}</pre>`;
    case 'error':
      return `<h3>Error</h3><pre>${esc(outcome.text)}</pre>`;
    case 'stopped':
      return '<p class="note">No result: the run stopped before the tool finished.</p>';
    case 'none':
      return '<p class="note">No result.</p>';
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}
