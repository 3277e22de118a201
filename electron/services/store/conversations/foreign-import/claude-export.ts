import { z } from 'zod';
import { DEFAULTS } from '../../../../../shared/constants';
import { checkedText, importRefused, importedTime, importedTitle, type ImportedConversation, type ImportedTurn } from './imported-turns';

/*
 * Claude's "Export data" conversations.json, as observed (Anthropic publishes no schema): an array
 * of conversations, each with `uuid`, `name`, `created_at` (ISO) and `chat_messages` in order,
 * each message with `sender` (human or assistant), `text`, `created_at` and `content`, a list of
 * blocks `{ type: 'text', text }` (also `thinking`, `tool_use`, `tool_result`), plus `attachments`
 * and `files`. Sources: Sinity/polylogue's docs/providers/claude-ai.md and the export parsers found
 * beside it. Unknown fields are allowed and ignored.
 */
const SOURCE = 'Claude';

const blockSchema = z.looseObject({ type: z.string().max(100), text: z.string().optional(), thinking: z.string().optional() });
const messageSchema = z.looseObject({
  sender: z.string().max(100),
  text: z.string().nullable().optional(),
  created_at: z.string().max(100).nullable().optional(),
  content: z.array(blockSchema).nullable().optional(),
  attachments: z.array(z.unknown()).nullable().optional(),
  files: z.array(z.unknown()).nullable().optional(),
});
export const claudeConversationSchema = z.looseObject({
  uuid: z.string().max(200).optional(),
  name: z.string().nullable().optional(),
  created_at: z.string().max(100).nullable().optional(),
  chat_messages: z.array(messageSchema),
});
type ClaudeMessage = z.infer<typeof messageSchema>;

/** True when the parsed file looks like Claude's export (its first conversation has `chat_messages`). */
export function looksLikeClaude(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && typeof value[0] === 'object' && value[0] !== null && 'chat_messages' in value[0];
}

/** Every conversation of the file, checked whole first; throws (naming the conversation) on the first problem. */
export function readClaudeExport(value: unknown[], now: number): ImportedConversation[] {
  const maxMessages = DEFAULTS.foreignImport.maxMessagesPerConversation;
  return value.map((raw, index) => {
    const where = `conversation ${index + 1}`;
    const parsed = claudeConversationSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw importRefused(
        SOURCE,
        `${where} is not in Claude's format (${issue ? `"${issue.path.join('.')}": ${issue.message}` : 'unreadable'})`,
      );
    }
    const conversation = parsed.data;
    if (conversation.chat_messages.length > maxMessages)
      throw importRefused(SOURCE, `${where} has more than ${maxMessages.toLocaleString('en')} messages`);
    const createdAt = importedTime(conversation.created_at, now);
    const turns: ImportedTurn[] = [];
    let skipped = 0;
    for (const message of conversation.chat_messages) {
      const read = readMessage(message);
      skipped += read.left;
      if (!read.text.trim()) continue;
      checkedText(SOURCE, `a message of ${where}`, read.text);
      checkedText(SOURCE, `a message of ${where}`, read.thinking);
      const at = importedTime(message.created_at, createdAt);
      if (message.sender === 'human') turns.push({ role: 'user', text: read.text, at });
      else if (message.sender === 'assistant')
        turns.push({ role: 'assistant', text: read.text, thinking: read.thinking, model: 'Claude', at });
    }
    return { title: importedTitle(conversation.name, 'Imported from Claude'), createdAt, turns, skipped };
  });
}

/** The text blocks (or `text` when there are none), the thinking; tool traces and attachments counted, not kept. */
function readMessage(message: ClaudeMessage): { text: string; thinking: string; left: number } {
  const blocks = message.content ?? [];
  const texts = blocks.filter((block) => block.type === 'text' && typeof block.text === 'string').map((block) => block.text ?? '');
  const thinking = blocks
    .filter((block) => block.type === 'thinking')
    .map((block) => block.thinking ?? block.text ?? '')
    .join('\n\n');
  const others = blocks.filter((block) => block.type !== 'text' && block.type !== 'thinking').length;
  const attached = (message.attachments?.length ?? 0) + (message.files?.length ?? 0);
  const text = texts.length > 0 ? texts.join('\n\n') : (message.text ?? '');
  return { text, thinking, left: others + attached };
}
