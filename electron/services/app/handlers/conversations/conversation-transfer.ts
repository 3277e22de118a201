import type { ValidCallRequest } from '../../../../../shared/contract/contract';
import { ContractError } from '../../../../../shared/contract/contract-error';
import type { ConversationSummary } from '../../../../../shared/conversations/conversation';
import { parseConversationExport, conversationToJson } from '../../../store/conversations/conversation-json';
import type { AppContext } from '../../app-context';
import { emitSummary } from '../../events/conversation-updates';

/**
 * conversation.export: Markdown, a self-contained HTML page or a PDF of it to read (the chosen
 * branch), or JSON (the timeline with its format version, every branch) to import again.
 */
export async function exportConversation(
  ctx: AppContext,
  request: ValidCallRequest<'conversation.export'>,
): Promise<{ filename: string; mimeType: string; content: string; encoding?: 'base64' }> {
  await ctx.storage.conversations.flush();
  const snapshot = await ctx.storage.conversations.get(request.conversationId);
  if (!snapshot)
    throw new ContractError(
      'not-found',
      `There is no conversation with id ${request.conversationId}. It may have been deleted; pick another from the list.`,
    );
  const name = fileStem(snapshot.summary.title);
  // The Markdown and HTML writers (remark, micromark, the hast tools: over half a megabyte of
  // code) load on the first export, not with main: every start would compile them for nothing.
  switch (request.format) {
    case 'markdown': {
      const { conversationToMarkdown } = await import('../../../store/conversations/markdown/conversation-markdown');
      return { filename: `${name}.md`, mimeType: 'text/markdown', content: conversationToMarkdown(snapshot) };
    }
    case 'json':
      return { filename: `${name}.json`, mimeType: 'application/json', content: conversationToJson(snapshot) };
    case 'html': {
      const { conversationToHtml } = await import('../../../store/conversations/html-export/conversation-html');
      return { filename: `${name}.html`, mimeType: 'text/html', content: conversationToHtml(snapshot) };
    }
    case 'pdf': {
      const printPdf = ctx.options.printPdf;
      if (!printPdf)
        throw new ContractError(
          'invalid-payload',
          'This version of TACO cannot write a PDF itself. Use “Print / Save as PDF” instead: your browser’s print dialog can save the conversation as a PDF.',
        );
      const { conversationToHtml } = await import('../../../store/conversations/html-export/conversation-html');
      const pdf = await printPdf(conversationToHtml(snapshot));
      return { filename: `${name}.pdf`, mimeType: 'application/pdf', content: Buffer.from(pdf).toString('base64'), encoding: 'base64' };
    }
    default: {
      const unreachable: never = request.format;
      return unreachable;
    }
  }
}

/** conversation.import: validated strictly before anything is written; the conversation gets a new id. */
export async function importConversation(ctx: AppContext, content: string): Promise<ConversationSummary> {
  const parsed = parseConversationExport(content);
  const summary = await ctx.storage.conversations.importConversation(parsed);
  ctx.knownConversations.add(summary.conversationId);
  return emitSummary(ctx, summary);
}

/** A file name from a title: letters, digits and dashes, never empty, never a path. */
export function fileStem(title: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
    .toLowerCase();
  return stem || 'conversation';
}
