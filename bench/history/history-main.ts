/**
 * Main's services in a process of their own, over a data folder (`node --import tsx
 * bench/history/history-main.ts DATA_DIR QUERIES_FILE`): they start, list the conversations and
 * open the newest one (a paged conversation.get, as the window does), then after a moment to
 * settle the process prints its RSS as one JSON line. Then, with a queries file, it times
 * `conversations.search` and the workspace's `search_documents` (the document index the tool
 * calls) for each query and prints those times as a second JSON line.
 */
import { readFile } from 'node:fs/promises';
import { createAppServices } from '../../electron/services/app/app-services';
import { createDocumentIndex } from '../../electron/services/documents/search/document-index';
import { createVersionStore } from '../../electron/services/documents/versions/version-store';
import { BENCH_DEFAULTS } from '../bench-defaults';

const [dataDir, queriesFile] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: history-main.ts DATA_DIR [QUERIES_FILE]');

const started = performance.now();
const services = await createAppServices({ dataDir, ollamaHost: 'http://127.0.0.1:9', openExternal: async () => undefined });
const call = async (name: string, request: unknown): Promise<unknown> => {
  const envelope = (await services.handle(name, request)) as { ok: boolean; value?: unknown; error?: { message: string } };
  if (!envelope.ok) throw new Error(`${name} failed: ${envelope.error?.message ?? 'no message'}`);
  return envelope.value;
};
const list = (await call('conversations.list', {})) as Array<{ conversationId: string }>;
const first = list[0];
if (first) await call('conversation.get', { conversationId: first.conversationId, page: {} });
const readyMs = performance.now() - started;
await new Promise((resolve) => setTimeout(resolve, BENCH_DEFAULTS.rssSettleMs));
process.stdout.write(`${JSON.stringify({ readyMs, rssMb: process.memoryUsage().rss / (1024 * 1024), conversations: list.length })}\n`);

if (queriesFile) {
  const { queries, workspaceConversationId } = JSON.parse(await readFile(queriesFile, 'utf8')) as {
    queries: string[];
    workspaceConversationId: string;
  };
  const timed = async (run: () => Promise<unknown>): Promise<number> => {
    const at = performance.now();
    await run();
    return performance.now() - at;
  };
  const [warmQuery, ...measured] = queries;
  const searchWarmMs = await timed(() => call('conversations.search', { query: warmQuery ?? '' }));
  const search: number[] = [];
  for (const query of measured) search.push(await timed(() => call('conversations.search', { query })));
  const versions = createVersionStore({ dataDir, budgetBytes: () => Number.MAX_SAFE_INTEGER });
  const documents = createDocumentIndex({ dataDir, versions });
  const documentsWarmMs = await timed(() => documents.search(workspaceConversationId, warmQuery ?? ''));
  const documentSearch: number[] = [];
  for (const query of measured) documentSearch.push(await timed(() => documents.search(workspaceConversationId, query)));
  documents.dispose();
  process.stdout.write(`${JSON.stringify({ searchWarmMs, search, documentsWarmMs, documents: documentSearch })}\n`);
}
await services.dispose();
process.exit(0);
