import { z } from 'zod';
import { DEFAULTS } from '../../../../../shared/constants';
import { fenced } from '../markdown/markdown-text';
import { checkedText, importRefused, importedTime, importedTitle, type ImportedConversation, type ImportedTurn } from './imported-turns';

/*
 * ChatGPT's "Export data" conversations.json, as observed (OpenAI publishes no schema): an array
 * of conversations, each with `title`, `create_time` (seconds), `current_node` and `mapping`, a
 * tree of nodes `{ id, parent, children, message }` whose message has `author.role`
 * (user, assistant, system, tool), `create_time`, `content.content_type` and `content.parts`
 * (strings; objects for images in multimodal_text), `metadata.model_slug`. Sources: the format
 * notes of mitkury/chatgpt-export-parser (docs/chatgpt-data-export-format.md) and the parsers
 * found beside it. Unknown fields are allowed and ignored.
 */
const SOURCE = 'ChatGPT';

const contentSchema = z.looseObject({
  content_type: z.string().max(100),
  parts: z.array(z.unknown()).optional(),
  text: z.string().optional(),
});
const messageSchema = z.looseObject({
  author: z.looseObject({ role: z.string().max(100) }),
  create_time: z.number().nullable().optional(),
  content: contentSchema.nullable().optional(),
  metadata: z
    .looseObject({ model_slug: z.string().max(200).nullable().optional() })
    .nullable()
    .optional(),
});
const nodeSchema = z.looseObject({
  id: z.string().max(200).optional(),
  parent: z.string().max(200).nullable().optional(),
  children: z.array(z.string().max(200)).optional(),
  message: messageSchema.nullable().optional(),
});
export const chatgptConversationSchema = z.looseObject({
  title: z.string().nullable().optional(),
  create_time: z.number().nullable().optional(),
  current_node: z.string().max(200).nullable().optional(),
  mapping: z.record(z.string().max(200), nodeSchema),
});
type ChatgptConversation = z.infer<typeof chatgptConversationSchema>;
type ChatgptMessage = z.infer<typeof messageSchema>;

/** True when the parsed file looks like ChatGPT's export (its first conversation has a `mapping`). */
export function looksLikeChatgpt(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && typeof value[0] === 'object' && value[0] !== null && 'mapping' in value[0];
}

/** Every conversation of the file, checked whole first; throws (naming the conversation) on the first problem. */
export function readChatgptExport(value: unknown[], now: number): ImportedConversation[] {
  return value.map((raw, index) => {
    const parsed = chatgptConversationSchema.safeParse(raw);
    if (!parsed.success) throw importRefused(SOURCE, `conversation ${index + 1} is not in ChatGPT's format (${firstIssue(parsed.error)})`);
    return readConversation(parsed.data, index, now);
  });
}

function readConversation(conversation: ChatgptConversation, index: number, now: number): ImportedConversation {
  const where = `conversation ${index + 1}`;
  const nodes = Object.entries(conversation.mapping);
  if (nodes.length > DEFAULTS.foreignImport.maxMessagesPerConversation)
    throw importRefused(
      SOURCE,
      `${where} has more than ${DEFAULTS.foreignImport.maxMessagesPerConversation.toLocaleString('en')} messages`,
    );
  const createdAt = importedTime(conversation.create_time, now);
  const path = chosenPath(conversation, where);
  const turns: ImportedTurn[] = [];
  let skipped = 0;
  for (const message of path) {
    const role = message.author.role;
    if (role !== 'user' && role !== 'assistant') continue; // system prompts and tool traces: not a conversation's words
    const { text, left } = messageText(message);
    skipped += left;
    if (!text.trim()) continue;
    const at = importedTime(message.create_time, createdAt);
    checkedText(SOURCE, `a message of ${where}`, text);
    turns.push(
      role === 'user' ? { role, text, at } : { role, text, thinking: '', model: message.metadata?.model_slug?.trim() || 'ChatGPT', at },
    );
  }
  return { title: importedTitle(conversation.title, 'Imported from ChatGPT'), createdAt, turns, skipped };
}

/**
 * The branch ChatGPT showed: from `current_node` up through each `parent` to the root. Without a
 * usable current_node, the path that always takes the last child. A cycle is refused.
 */
function chosenPath(conversation: ChatgptConversation, where: string): ChatgptMessage[] {
  const { mapping } = conversation;
  let leaf = conversation.current_node && mapping[conversation.current_node] ? conversation.current_node : null;
  if (!leaf) {
    const isRoot = (key: string): boolean => {
      const parent = mapping[key]?.parent;
      return !parent || !mapping[parent];
    };
    let id = Object.keys(mapping).find(isRoot) ?? null;
    const seen = new Set<string>();
    while (id && !seen.has(id)) {
      seen.add(id);
      leaf = id;
      const children = mapping[id]?.children ?? [];
      id = children.length > 0 ? (children[children.length - 1] ?? null) : null;
    }
  }
  const messages: ChatgptMessage[] = [];
  const seen = new Set<string>();
  for (let id = leaf; id; id = mapping[id]?.parent ?? null) {
    if (seen.has(id)) throw importRefused(SOURCE, `the messages of ${where} loop back on themselves`);
    seen.add(id);
    const message = mapping[id]?.message;
    if (message) messages.push(message);
  }
  return messages.reverse();
}

/** The words of a message; images and other non-text parts are counted, not kept. */
function messageText(message: ChatgptMessage): { text: string; left: number } {
  const content = message.content;
  if (!content) return { text: '', left: 0 };
  switch (content.content_type) {
    case 'text':
    case 'multimodal_text': {
      const parts = content.parts ?? [];
      const strings = parts.filter((part): part is string => typeof part === 'string');
      return { text: strings.join('\n\n'), left: parts.length - strings.length };
    }
    case 'code':
      return { text: content.text ? fenced(content.text) : '', left: 0 };
    default:
      return { text: '', left: 1 };
  }
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.length > 0 ? `"${issue.path.join('.')}": ` : ''}${issue.message}` : 'unreadable';
}
