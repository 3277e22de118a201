import { ContractError } from '../../../shared/contract/contract-error';
import type { TacoEvent } from '../../../shared/contract/events';
import { loadCatalogue } from '../../../tools/catalogue/load-catalogue';
import { runAgentLoop } from '../agent/loop/run-agent';
import { DEFAULTS } from '../../../shared/constants';
import { createMcpAuth } from '../mcp/auth/mcp-auth';
import { loopbackAuthorizer } from '../mcp/auth/loopback-authorizer';
import { createTokenStore, type TokenStore } from '../mcp/auth/token-store';
import { oauthSecrets, rememberSecrets } from '../provider/raw-log/known-secrets';
import { createMcpService } from '../mcp/mcp-service';
import { createNetworkPolicy } from '../../../tools/web/network-policy';
import { openExternalGuarded } from './open-external-guard';
import { createOllamaProvider } from '../provider/ollama/ollama-provider';
import { createServerProvider } from '../servers/server-providers';
import { createConversationStore, type ConversationStore } from '../store/conversations/conversation-store';
import { createTimelineWriter } from '../store/timeline/timeline-writer';
import { createSettingsStore } from '../store/settings/settings-store';
import { memoryFile } from '../store/files/data-dir';
import { tightenDataModesOnce } from '../store/files/tighten-modes';
import { createMemoryFileStore } from '../store/settings/memory-file-store';
import { createMemoryBook } from '../memory/memory-book';
import type { TimelineWriter } from '../store/timeline/timeline-writer';
import type { AppPorts, ConversationStorePort, Storage } from './app-ports';
import type { StorePreRead } from '../store/conversations/store-pre-read';

/** The real parts of main behind the app services. */
export const defaultPorts: AppPorts = {
  createProvider: (options) => createOllamaProvider(options),
  createServerProvider,
  runAgent: runAgentLoop,
  loadTools: () => loadCatalogue(),
  createMemory: (dataDir) => createMemoryBook(createMemoryFileStore({ path: memoryFile(dataDir) })),
  openStorage,
  createMcp: ({ dataDir, extraConfigFile, emit, unattendedElicitation, openExternal, secretCipher, allowPrivateNetwork }) =>
    createMcpService({
      dataDir,
      extraConfigFile,
      emit,
      ...(unattendedElicitation ? { unattendedElicitation } : {}),
      auth: createMcpAuth({
        store: rememberingSecrets(createTokenStore(dataDir, secretCipher ?? null)),
        authorizer: loopbackAuthorizer({
          openBrowser: (url) =>
            openExternal
              ? openExternalGuarded(url, openExternal)
              : Promise.resolve({ opened: false, message: 'This host cannot open a browser to sign in.' }),
          timeoutMs: DEFAULTS.mcp.authorizationTimeoutMs,
        }),
        network: () => createNetworkPolicy({ allowPrivate: allowPrivateNetwork?.() ?? false }),
        now: Date.now,
      }),
    }),
};

/** The token store, telling the raw log's masker every token and client secret it reads or writes. */
function rememberingSecrets(store: TokenStore): TokenStore {
  return {
    ...store,
    async read(...args: Parameters<TokenStore['read']>) {
      const auth = await store.read(...args);
      rememberSecrets(oauthSecrets(auth));
      return auth;
    },
    write(...args: Parameters<TokenStore['write']>) {
      rememberSecrets(oauthSecrets(args[1]));
      return store.write(...args);
    },
  };
}

async function openStorage(dataDir: string, preRead?: StorePreRead): Promise<Storage> {
  // Folders and files an older version left readable by others are narrowed before anything is read
  // (the whole folder once; later starts look at its first level).
  await tightenDataModesOnce(dataDir);
  const store = createConversationStore({ dataDir, ...(preRead ? { preRead } : {}) });
  // The index is read while the rest of main is made, not at the first list: a window's first
  // calls come together, and over a long history the list would wait behind the others' work
  // (the first model request loads the HTTP client). A failed read is the first list's error.
  store.open().catch(() => undefined);
  const settings = await createSettingsStore({ dataDir });
  return { conversations: conversationPort(store), settings };
}

/** The store with one buffered timeline writer per conversation (text on disk within 500 ms). */
function conversationPort(store: ConversationStore): ConversationStorePort {
  const writers = new Map<string, TimelineWriter>();
  const writerFor = (conversationId: string): TimelineWriter => {
    let writer = writers.get(conversationId);
    if (!writer) {
      writer = createTimelineWriter(store, conversationId);
      writers.set(conversationId, writer);
    }
    return writer;
  };
  return {
    create: (input) => store.create(input),
    list: () => store.list(),
    async get(conversationId) {
      if (!(await store.summary(conversationId))) return null;
      try {
        return await store.read(conversationId);
      } catch (error) {
        if (error instanceof ContractError && error.code === 'not-found') return null;
        throw error;
      }
    },
    async newestPage(conversationId) {
      return (await store.summary(conversationId)) ? store.readNewestPage(conversationId) : null;
    },
    summary: (conversationId) => store.summary(conversationId),
    update: (conversationId, patch) => store.update(conversationId, patch),
    async delete(conversationId) {
      // What is still buffered goes first, so nothing is written after the file is gone.
      const writer = writers.get(conversationId);
      writers.delete(conversationId);
      await writer?.close();
      await store.delete(conversationId);
    },
    search: (query) => store.search(query),
    importConversation: (input) => store.importTimeline(input),
    abandon: (conversationId) => store.abandon(conversationId),
    append: (event: TacoEvent) => writerFor(event.conversationId).write(event),
    async flush() {
      await Promise.all([...writers.values()].map((writer) => writer.flush()));
    },
    async close() {
      await Promise.all([...writers.values()].map((writer) => writer.close()));
      await store.close();
    },
  };
}
