import { open, stat } from 'node:fs/promises';
import { totalmem } from 'node:os';
import type { ChatWrapper, Llama, LlamaContext, LlamaContextSequence, LlamaEmbeddingContext, LlamaModel } from 'node-llama-cpp';
import { DEFAULTS } from '../../../shared/constants';
import type { EngineConfig } from '../../../shared/models/servers';
import { engineMessages } from './engine-messages';

/** A model loaded with its context and chat wrapper; one at a time in the whole app. */
export interface LoadedEngineModel {
  config: EngineConfig;
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  /** The one sequence every step runs on: kept between steps, so a prompt that starts like the last one reuses its KV cache. */
  sequence: LlamaContextSequence;
  chatWrapper: ChatWrapper;
  /** Whether the model's own template writes tool calls (native function calling). */
  nativeTools: boolean;
  trainedContext: number | null;
  /** The embedding context on the same model, made on the first embed call. */
  embedding: Promise<LlamaEmbeddingContext> | null;
}

/** Why a model could not be loaded; `message` is for the user. */
export class EngineLoadError extends Error {
  override readonly name = 'EngineLoadError';
}

export interface EngineRuntimeOptions {
  /** "auto" lets node-llama-cpp pick a GPU build when one is installed; false: CPU only. */
  gpu?: 'auto' | false;
  /** Share of total RAM the model may take (weights + KV cache). */
  memoryBudgetShare?: number;
  /** A fixed sampling seed (tests and the bench: the same prompt gives the same reply); absent: random. */
  seed?: number;
  /** Most tokens one step may generate (tests and the bench); absent: DEFAULTS.engine.maxStepTokens. */
  maxStepTokens?: number;
}

let llamaLoading: Promise<Llama> | null = null;
let current: { key: string; loading: Promise<LoadedEngineModel> } | null = null;

/** node-llama-cpp's binding, once per process: the prebuilt binary only, never a build or download. */
function llamaFor(options: EngineRuntimeOptions, maxThreads: number): Promise<Llama> {
  llamaLoading ??= import('node-llama-cpp')
    .then(({ getLlama, LlamaLogLevel }) =>
      getLlama({
        gpu: options.gpu ?? 'auto',
        build: 'never',
        skipDownload: true,
        progressLogs: false,
        logLevel: LlamaLogLevel.error,
        maxThreads,
      }),
    )
    .catch((error: unknown) => {
      llamaLoading = null;
      throw new EngineLoadError(engineMessages.noBinary(error instanceof Error ? error.message : String(error)));
    });
  return llamaLoading;
}

/**
 * The model `config` names, loaded (or the one already loaded when it is the same file with the
 * same context). Loading another model first unloads the one before: the engine holds one model.
 */
export function loadEngineModel(config: EngineConfig, options: EngineRuntimeOptions = {}): Promise<LoadedEngineModel> {
  const key = JSON.stringify([config.modelPath, config.contextSize, config.threads]);
  if (current?.key === key) return current.loading;
  const before = current;
  const loading = (async () => {
    if (before) await unload(before.loading);
    return load(config, options);
  })();
  current = { key, loading };
  loading.catch(() => {
    if (current?.loading === loading) current = null;
  });
  return loading;
}

/** Unloads whatever model is loaded (the app quitting, a server removed). */
export async function unloadEngineModel(): Promise<void> {
  const before = current;
  current = null;
  if (before) await unload(before.loading);
}

async function unload(loading: Promise<LoadedEngineModel>): Promise<void> {
  const loaded = await loading.catch(() => null);
  if (!loaded) return;
  await (await loaded.embedding?.catch(() => null))?.dispose();
  await loaded.context.dispose();
  await loaded.model.dispose();
}

async function load(config: EngineConfig, options: EngineRuntimeOptions): Promise<LoadedEngineModel> {
  const size = await checkGgufFile(config.modelPath);
  const llama = await llamaFor(options, config.threads);
  const { readGgufFileInfo, GgufInsights, resolveChatWrapper, JinjaTemplateChatWrapper } = await import('node-llama-cpp');
  let trainedContext: number | null = null;
  let needBytes = size;
  try {
    const info = await readGgufFileInfo(config.modelPath, { readTensorInfo: true });
    const insights = await GgufInsights.from(info, llama);
    trainedContext = insights.trainContextSize ?? null;
    needBytes =
      insights.estimateModelResourceRequirements({ gpuLayers: 0 }).cpuRam +
      insights.estimateContextResourceRequirements({ contextSize: config.contextSize, modelGpuLayers: 0 }).cpuRam;
  } catch (error) {
    throw new EngineLoadError(engineMessages.broken(config.modelPath, error instanceof Error ? error.message : String(error)));
  }
  const budget = totalmem() * (options.memoryBudgetShare ?? DEFAULTS.engine.memoryBudgetShare);
  if (needBytes > budget) throw new EngineLoadError(engineMessages.tooBig(config.modelPath, needBytes, budget));

  let model: LlamaModel;
  try {
    model = await llama.loadModel({ modelPath: config.modelPath, gpuLayers: options.gpu === false ? 0 : 'auto' });
  } catch (error) {
    throw new EngineLoadError(engineMessages.broken(config.modelPath, error instanceof Error ? error.message : String(error)));
  }
  try {
    const context = await model.createContext({ contextSize: config.contextSize, threads: config.threads, sequences: 1 });
    // The template in the GGUF, read directly (~20 ms); "auto" detection costs seconds of synchronous work.
    const chatWrapper = resolveChatWrapper(model, { type: 'jinjaTemplate', fallbackToOtherWrappersOnJinjaError: true });
    const nativeTools = chatWrapper instanceof JinjaTemplateChatWrapper && chatWrapper.usingJinjaFunctionCallTemplate;
    return { config, llama, model, context, sequence: context.getSequence(), chatWrapper, nativeTools, trainedContext, embedding: null };
  } catch (error) {
    await model.dispose();
    throw new EngineLoadError(engineMessages.broken(config.modelPath, error instanceof Error ? error.message : String(error)));
  }
}

/** The file is there and starts like a GGUF file; its size in bytes. */
async function checkGgufFile(path: string): Promise<number> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    throw new EngineLoadError(engineMessages.notFound(path));
  }
  const handle = await open(path, 'r');
  try {
    const magic = Buffer.alloc(4);
    const { bytesRead } = await handle.read(magic, 0, 4, 0);
    if (bytesRead < 4 || magic.toString('latin1') !== 'GGUF') throw new EngineLoadError(engineMessages.notGguf(path));
  } finally {
    await handle.close();
  }
  return size;
}

/** The loaded model's embedding context (made once, with the server's context size and threads). */
export function embeddingContextOf(loaded: LoadedEngineModel): Promise<LlamaEmbeddingContext> {
  loaded.embedding ??= loaded.model.createEmbeddingContext({ contextSize: loaded.config.contextSize, threads: loaded.config.threads });
  loaded.embedding.catch(() => (loaded.embedding = null));
  return loaded.embedding;
}
