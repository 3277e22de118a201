import { DEFAULTS } from '../../../shared/constants';
import { createAlwaysAllowedTools } from '../mcp/tools/always-allowed-tools';
import { randomUUID } from 'node:crypto';
import type { AppContext, Brokers } from './app-context';
import { createApprovalBroker } from '../orchestration/approval-broker';
import { createDepthBroker } from '../orchestration/depth-broker';
import { createQuestionBroker } from '../orchestration/question-broker';
import { createToolStack } from '../orchestration/tool-stack';
import type { AppPorts } from './app-ports';
import type { AppServices, AppServicesOptions } from './app-services-types';
import { createCallRouter, type CallHandlers } from './call-router';
import { createSessionRegistry } from './runs/conversation-sessions';
import { createEventHub } from './events/event-hub';
import { sendMessage } from './handlers/chat-send';
import { getConversation, listConversations } from './handlers/conversations/conversation-handlers';
import { listModels } from './handlers/models-handler';
import { openExternal } from './handlers/open-external-handler';
import { answerQuestion, respondToApproval, respondToDepthLimit } from './handlers/prompt-handlers';
import { cancelRun, continueRun } from './handlers/run-handlers';
import { getSettings, setSettings } from './handlers/settings-handlers';
import {
  deleteConversation,
  pinConversation,
  renameConversation,
  searchConversations,
  setConversationOptions,
  confirmSystemPrompt,
} from './handlers/conversations/conversation-manage';
import { exportConversation, importConversation } from './handlers/conversations/conversation-transfer';
import { importConversations } from './handlers/conversations/import-conversations';
import { editMessage, regenerateAnswer } from './handlers/conversations/edit-handlers';
import { selectBranch } from './handlers/conversations/branch-handlers';
import { mcpHandlers } from './handlers/mcp-handlers';
import { mcpAppHandlers } from './handlers/mcp-app-handlers';
import { createAppSessions } from '../mcp/apps/app-sessions';
import { mcpRegistryHandlers } from './handlers/mcp-registry-handlers';
import { createRegistryClient } from '../mcp/registry/registry-client';
import { createRegistryInstalls } from '../mcp/registry/registry-installs';
import { dockerFound } from '../mcp/registry/docker-found';
import { createNetworkPolicy } from '../../../tools/web/network-policy';
import { homedir } from 'node:os';
import { listTools } from './handlers/tools-handler';
import { mergeToolSources } from '../../../tools/catalogue/tool-sources';
import { abandonWorkflow, resumeWorkflow } from './handlers/workflow-handlers';
import { createModelServices } from './models/model-services';
import { createEngineLibrary } from '../engine/library/engine-library';
import { engineLibraryHandlers } from '../engine/library/library-handlers';
import { addBuiltInServer } from '../../../shared/models/built-in-server';
import type { DownloadView } from '../../../shared/engine/model-library';
import { scheduleSideRequests } from '../provider/side-request-scheduler';
import { createProviderHolder, type ProviderHolder } from './provider-holder';
import type { ModelListResult } from '../../../shared/models/models';
import { localServer } from '../servers/resolved-server';
import { createServerServices } from '../servers/server-services';
import { createRunRecords } from './runs/run-records';
import { createSettingsView } from './settings-view';
import { createTitleRequests } from './titles/title-requests';
import { createVersionStore } from '../documents/versions/version-store';
import { join } from 'node:path';
import { rememberedSecrets, settingsSecrets } from '../provider/raw-log/known-secrets';
import { withRawLog } from '../provider/raw-log/raw-log-provider';
import { documentBrowserHandlers } from '../documents/document-browser-handlers';
import { documentsHandlers } from '../documents/documents-handlers';
import { artifactHandlers } from '../artifacts/artifact-handlers';
import { createDocumentIndex } from '../documents/search/document-index';
import { KnowledgeBase } from '../knowledge/knowledge-base';
import { createKnowledgeFolders } from '../knowledge/knowledge-folders';
import { createKnowledgeHandlers } from '../knowledge/knowledge-handlers';
import { knowledgeSettingsFile } from '../knowledge/knowledge-settings';
import { summarizeDocument } from '../documents/summarize-document';
import { createWorkflowHandlers } from '../workflows/create-workflow-handlers';
import { guardDataFolder } from '../../../tools/files/guards/data-folder-guard';
import { createCommandSandbox } from '../../sandbox/command-sandbox';
import { NO_LOCAL_API } from '../local-api/local-api-port';
import { createPromptLibrary } from '../system-prompts/prompt-library';
import { createPromptHandlers } from '../system-prompts/prompt-handlers';
import { contextFitFor } from '../servers/context-fit-service';
import { createModelCheckService } from '../probe/model-check-service';
import { createProjectStore } from '../projects/project-store';
import { createProjectHandlers } from '../projects/project-handlers';
import { createMemoryHandlers } from '../memory/memory-handlers';
import { createSkillHandlers } from '../skills/skill-handlers';

/** Builds the app services from explicit parts. `createAppServices` supplies the real ones. */
export async function composeAppServices(options: AppServicesOptions, ports: AppPorts): Promise<AppServices> {
  const storage = await ports.openStorage(options.dataDir, options.storePreRead);
  // File tools never reach the data folder, even when the workspace contains it (data-folder-guard.ts).
  const releaseDataFolder = guardDataFolder(options.dataDir);
  const builtins = await ports.loadTools();
  const memory = ports.createMemory(options.dataDir);
  const sessions = createSessionRegistry(() => createToolStack());
  const hub = createEventHub({
    // Progress of a long tool call is live only: the result that follows is what the timeline keeps.
    persist: (event) => {
      if (event.type !== 'tool-progress') storage.conversations.append(event);
    },
    batchIntervalMs: options.batchIntervalMs,
  });
  hub.observe((event) => sessions.observe(event));
  const emit = hub.emit;
  const settings = createSettingsView(storage.settings, {
    ...(options.ollamaHost !== undefined ? { ollamaHost: options.ollamaHost } : {}),
    ...(options.workspace !== undefined ? { workspace: options.workspace } : {}),
  });
  const mcp = ports.createMcp({
    dataDir: options.dataDir,
    extraConfigFile: options.mcpConfigFile ?? null,
    emit,
    ...(options.unattendedElicitation ? { unattendedElicitation: options.unattendedElicitation } : {}),
    openExternal: options.openExternal,
    secretCipher: options.secretCipher ?? null,
    allowPrivateNetwork: () => settings.current().allowPrivateNetworkFetch,
  });
  const tools = mergeToolSources(builtins, [mcp]);
  const registry = createRegistryInstalls({
    client: createRegistryClient({
      baseUrl: () => settings.current().mcpRegistryUrl ?? DEFAULTS.mcp.registry.defaultUrl,
      network: () => createNetworkPolicy({ allowPrivate: settings.current().allowPrivateNetworkFetch }),
    }),
    mcp,
    dockerFound: () => dockerFound(),
    cacheRoot: join(homedir(), DEFAULTS.mcp.registry.serverCachesFolder),
  });
  const alwaysAllowed = createAlwaysAllowedTools(options.dataDir);
  const brokers: Brokers = {
    approvals: createApprovalBroker({ emit }),
    questions: createQuestionBroker({ emit }),
    depth: createDepthBroker({ emit }),
  };
  const overrides = options.gates?.(emit) ?? {};
  const localEngine = options.hostKind === 'built-in' ? options.engine : undefined;
  const createLocal =
    localEngine !== undefined
      ? (local: { host: string; maxContextTokens: number }) =>
          ports.createServerProvider({ ...localServer(settings.current(), 'built-in'), engine: localEngine }, local.maxContextTokens)
      : options.hostKind === 'openai-compatible'
        ? (local: { host: string; maxContextTokens: number }) =>
            ports.createServerProvider(
              { ...localServer(settings.current(), 'openai-compatible'), baseUrl: local.host },
              local.maxContextTokens,
            )
        : // Added servers get this in createServerProvider: side requests wait for the model's steps.
          (local: { host: string; maxContextTokens: number }) => scheduleSideRequests(ports.createProvider(local));
  const localProvider = createProviderHolder(createLocal, () => ({
    host: settings.value('ollamaHost'),
    maxContextTokens: settings.value('maxContextTokens'),
  }));
  let listLocal: () => Promise<ModelListResult> = () => Promise.reject(new Error('not ready'));
  const servers = createServerServices({
    settings: () => settings.current(),
    ...(options.hostKind ? { localKind: options.hostKind } : {}),
    ...(localEngine ? { localEngine } : {}),
    local: () => localProvider.current(),
    createServerProvider: (server, maxContextTokens) => ports.createServerProvider(server, maxContextTokens),
    adminStatus: (server) => models.adminStatus(server),
    listLocal: () => listLocal(),
  });
  // Every call names its model by reference; the router sends it to that model's server.
  // TACO_DEBUG_RAW=1 or the Settings switch: raw requests and responses go to logs/llm/DATE/, secrets masked.
  const rawFromEnv = process.env['TACO_DEBUG_RAW'] === '1';
  const logged = withRawLog(servers.router, {
    dir: join(options.dataDir, 'logs', 'llm'),
    enabled: () => rawFromEnv || settings.value('debugRawLog') === true,
    secrets: () => [...settingsSecrets(settings.current()), ...(mcp.secretValues?.() ?? []), ...rememberedSecrets()],
  });
  const provider: ProviderHolder = { current: () => logged };

  const models = createModelServices({
    host: () => settings.value('ollamaHost'),
    serverOf: (ref) => servers.serverOf(ref),
    newId: options.newId ?? randomUUID,
  });

  // The built-in engine's models: downloads into <data>/models, progress on the model-events channel.
  const libraryListeners = new Set<(download: DownloadView) => void>();
  const library = createEngineLibrary({
    folder: join(options.dataDir, 'models'),
    emit: (download) => {
      for (const listener of [...libraryListeners]) listener(download);
    },
    use: async (modelPath) => {
      const choice = addBuiltInServer(settings.current().servers ?? [], modelPath);
      await settings.set({ servers: choice.servers, defaultModel: choice.model });
      return { model: choice.model };
    },
    // TACO_MODEL_DOWNLOAD_URL points downloads at another host serving the same paths (a mirror, or a local test host).
    ...(process.env['TACO_MODEL_DOWNLOAD_URL'] ? { baseUrl: process.env['TACO_MODEL_DOWNLOAD_URL'] } : {}),
    ...(options.engineLibrary ?? {}),
  });

  const versions = createVersionStore({
    dataDir: options.dataDir,
    budgetBytes: () => (settings.current().versionBudgetMb ?? DEFAULTS.documents.versionBudgetMb) * 1024 * 1024,
    ...(options.now ? { now: options.now } : {}),
  });
  // Settings → Knowledge: the stored folders over the index; indexing progress reaches the window throttled.
  let knowledgeChanged = (): void => {};
  // Each folder's index is saved in the data folder and kept fresh by a watcher.
  const knowledge = new KnowledgeBase({ indexDir: join(options.dataDir, 'knowledge'), onStatus: () => knowledgeChanged() });
  const knowledgeFolders = createKnowledgeFolders({
    index: knowledge,
    file: knowledgeSettingsFile(options.dataDir),
    now: options.now ?? Date.now,
  });
  knowledgeChanged = knowledgeFolders.changed;
  const ctx: AppContext = {
    options,
    ports,
    storage,
    tools,
    mcp,
    mcpApps: createAppSessions(),
    memory,
    // The sandbox is detected here, once, at start (sandbox-support.ts).
    commandSandbox: createCommandSandbox(),
    alwaysAllowed,
    versions,
    documents: createDocumentIndex({
      dataDir: options.dataDir,
      versions,
      summarize: (input) => summarizeDocument(provider.current(), input),
      // A summary waits until the conversation's run is over: it never holds up a model step.
      whenIdle: async (conversationId) => {
        let run = sessions.find(conversationId)?.activeRun;
        while (run) {
          await run.finished;
          const next = sessions.find(conversationId)?.activeRun;
          run = next === run ? undefined : next;
        }
      },
      ...(options.now ? { now: options.now } : {}),
    }),
    knowledge,
    knowledgeFolders,
    brokers,
    gates: {
      approvals: overrides.approvals ?? brokers.approvals.gate,
      questions: overrides.questions ?? brokers.questions.gate,
      depth: overrides.depth ?? brokers.depth.gate,
    },
    hub,
    sessions,
    settings,
    provider,
    runs: createRunRecords(),
    projects: createProjectStore({ dataDir: options.dataDir, ...(options.now ? { now: options.now } : {}) }),
    presets: createPromptLibrary(options.dataDir),
    knownConversations: new Set(),
    titles: createTitleRequests(),
    now: options.now ?? Date.now,
    newId: options.newId ?? randomUUID,
  };

  // CLI --knowledge: folders searched in this run only (their saved index spares the next run the reading).
  const knowledgeAdded = Promise.all((options.knowledgeFolders ?? []).map((folder) => ctx.knowledge.addFolder(folder)));
  // The stored folders are indexed in the background after the command line's.
  void knowledgeFolders.start().catch((error: unknown) => console.warn('Knowledge folders could not be started:', error));
  listLocal = () => listModels(ctx);
  const checks = createModelCheckService(ctx, { dataDir: options.dataDir });
  const handlers: CallHandlers = {
    'models.list': () => servers.listModels(),
    'models.contextFit': (request) => contextFitFor(servers.router, request),
    'chat.send': (request) => sendMessage(ctx, request),
    'chat.continue': (request) => continueRun(ctx, request),
    'run.cancel': (request) => cancelRun(ctx, request.runId),
    'settings.get': () => getSettings(ctx),
    'settings.set': (request) => setSettings(ctx, request),
    'approval.respond': (request) => respondToApproval(ctx, request),
    'depth.respond': (request) => respondToDepthLimit(ctx, request),
    'question.answer': (request) => answerQuestion(ctx, request),
    'tools.list': () => listTools(ctx),
    'conversations.list': () => listConversations(ctx),
    'conversation.get': (request) => getConversation(ctx, request.conversationId, request.page),
    'app.openExternal': (request) => openExternal(ctx, request.url),
    'conversation.rename': (request) => renameConversation(ctx, request),
    'conversation.pin': (request) => pinConversation(ctx, request),
    'conversation.delete': (request) => deleteConversation(ctx, request.conversationId),
    'conversations.search': (request) => searchConversations(ctx, request.query),
    'conversation.export': (request) => exportConversation(ctx, request),
    'conversation.import': (request) => importConversation(ctx, request.content),
    'conversations.import': (request) => importConversations(ctx, request.content),
    'workflow.resume': (request) => resumeWorkflow(ctx, request),
    'workflow.abandon': (request) => abandonWorkflow(ctx, request.conversationId),
    'conversation.setOptions': (request) => setConversationOptions(ctx, request),
    'conversation.confirmSystemPrompt': (request) => confirmSystemPrompt(ctx, request),
    'chat.edit': (request) => editMessage(ctx, request),
    'chat.regenerate': (request) => regenerateAnswer(ctx, request),
    'conversation.selectBranch': (request) => selectBranch(ctx, request),
    ...models.handlers,
    ...engineLibraryHandlers(library),
    ...checks.handlers,
    'servers.test': (request) => servers.test(request),
    'localApi.get': () => (options.localApi ?? NO_LOCAL_API).status(),
    'localApi.set': (request) => (options.localApi ?? NO_LOCAL_API).configure(request),
    'localApi.rotateKey': () => (options.localApi ?? NO_LOCAL_API).rotateKey(),
    ...createPromptHandlers(ctx, ctx.presets),
    ...createProjectHandlers(ctx),
    ...createMemoryHandlers(ctx),
    ...createKnowledgeHandlers(ctx, knowledgeFolders),
    ...createSkillHandlers(ctx),
    ...mcpHandlers(mcp, alwaysAllowed),
    ...mcpAppHandlers(ctx),
    ...mcpRegistryHandlers(registry),
    ...createWorkflowHandlers(ctx, overrides.confirms),
    ...documentsHandlers(ctx),
    ...documentBrowserHandlers(ctx),
    ...artifactHandlers(),
  };
  const route = createCallRouter(handlers);
  let disposed: Promise<void> | null = null;

  return {
    handle: (name, request) => {
      if (disposed)
        return Promise.resolve({ ok: false, error: { code: 'internal', message: 'TACO is shutting down; the request was not run.' } });
      return route(name, request);
    },
    subscribe: hub.subscribe,
    subscribeModelEvents: (listener) => {
      const fromModels = models.subscribe(listener);
      const fromLibrary = (download: DownloadView) => listener([{ type: 'engine-download', download }]);
      libraryListeners.add(fromLibrary);
      const fromChecks = checks.subscribe(listener);
      const fromMcp = mcp.subscribe((event) => listener([event]));
      const fromProjects = ctx.projects.subscribe((projects) => listener([{ type: 'projects-changed', projects }]));
      const fromKnowledge = knowledgeFolders.subscribe((folders) => listener([{ type: 'knowledge-status', folders }]));
      return () => {
        fromKnowledge();
        fromProjects();
        libraryListeners.delete(fromLibrary);
        fromModels();
        fromChecks();
        fromMcp();
      };
    },
    mcpSettled: (timeoutMs) => mcp.settled(timeoutMs),
    knowledgeReady: async () => {
      const added = await knowledgeAdded;
      await ctx.knowledge.whenIdle();
      const indexed = ctx.knowledge.status();
      return added.map((first) => indexed.find((status) => status.folder === first.folder) ?? first);
    },
    waitForRun: (runId) => ctx.runs.wait(runId),
    settings: () => settings.current(),
    serverProvider: (server) => servers.router.providerFor(server),
    dispose() {
      models.dispose();
      checks.dispose();
      knowledgeFolders.dispose();
      void library.dispose();
      disposed ??= shutDown(ctx).finally(releaseDataFolder);
      return disposed;
    },
  };
}

/** Abort every run, withdraw open prompts, wait for the runs to finish, flush the timelines. */
async function shutDown(ctx: AppContext): Promise<void> {
  const runs = ctx.sessions.all().flatMap((session) => (session.activeRun ? [session.activeRun] : []));
  ctx.titles.abortAll();
  ctx.documents.dispose();
  for (const run of runs) run.controller.abort();
  ctx.brokers.approvals.dispose();
  ctx.brokers.questions.dispose();
  ctx.brokers.depth.dispose();
  await Promise.race([Promise.all(runs.map((run) => run.finished)), delay(DEFAULTS.app.shutdownGraceMs)]);
  await ctx.mcp.dispose();
  await ctx.knowledge.close();
  ctx.hub.dispose();
  await ctx.storage.conversations.close();
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
