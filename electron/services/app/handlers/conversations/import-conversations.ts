import type { ConversationSummary } from '../../../../../shared/conversations/conversation';
import type { ImportResult } from '../../../../../shared/conversations/conversation-import';
import { readImportFile } from '../../../store/conversations/foreign-import/read-import-file';
import type { AppContext } from '../../app-context';
import { emitSummary } from '../../events/conversation-updates';

/**
 * conversations.import: a TACO export, or ChatGPT's or Claude's conversations.json. The file is
 * read and checked whole before anything is written (read-import-file.ts); each conversation is
 * then created through the store's import (written whole, a new id), and should one write fail,
 * those already written are deleted again, so a file is imported entirely or not at all.
 */
export async function importConversations(ctx: AppContext, content: string): Promise<ImportResult> {
  const read = readImportFile(content, { now: ctx.now(), newId: () => ctx.newId() });
  const written: ConversationSummary[] = [];
  try {
    for (const timeline of read.timelines) written.push(await ctx.storage.conversations.importConversation(timeline));
  } catch (error) {
    await Promise.allSettled(written.map((summary) => ctx.storage.conversations.delete(summary.conversationId)));
    throw error;
  }
  for (const summary of written) {
    ctx.knownConversations.add(summary.conversationId);
    emitSummary(ctx, summary);
  }
  return { source: read.source, conversations: written, skipped: read.skipped };
}
