import type { LlamaChatResponseChunk, LlamaGrammar } from 'node-llama-cpp';
import { DEFAULTS } from '../../../shared/constants';
import type { JsonObject } from '../../../shared/contract/json';
import { builtInModelName } from '../../../shared/models/built-in-server';
import type { ModelCapabilities, ModelInfo } from '../../../shared/models/models';
import type { EngineConfig } from '../../../shared/models/servers';
import {
  ProviderError,
  type ChatProvider,
  type ChatStepRequest,
  type CompleteRequest,
  type EmbedRequest,
  type ProviderChunk,
  type ProviderToolCall,
  type TokenCountRequest,
  type ToolDefinition,
} from '../provider/provider-types';
import { toChatHistory, toFunctions } from './engine-history';
import { engineMessages } from './engine-messages';
import { embeddingContextOf, EngineLoadError, loadEngineModel, type EngineRuntimeOptions, type LoadedEngineModel } from './engine-model';
import { listEngineModels } from './engine-model-list';
import { ChunkQueue } from './chunk-queue';

export interface EngineProviderOptions {
  serverId: string;
  engine: EngineConfig;
  runtime?: EngineRuntimeOptions;
}

/** Steps run one at a time: the engine has one model with one sequence. */
let queue: Promise<unknown> = Promise.resolve();
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The built-in engine as a ChatProvider: llama.cpp through node-llama-cpp in this process, the
 * model's own chat template (read from the GGUF), native function calling where the template has
 * it and a JSON-schema grammar for the prompt-based format. Generation stops at the first tool
 * call and hands it back: TACO's loop approves and runs every call.
 */
export function createEngineProvider(options: EngineProviderOptions): ChatProvider {
  const { engine } = options;
  const host = `built-in:${engine.modelPath}`;
  const modelName = builtInModelName(engine.modelPath);

  async function loaded(model: string, signal?: AbortSignal): Promise<LoadedEngineModel> {
    if (model !== modelName) throw new ProviderError('model-not-found', engineMessages.unknownModel(model, modelName), host);
    try {
      const result = await loadEngineModel(engine, options.runtime);
      signal?.throwIfAborted();
      return result;
    } catch (error) {
      throw asProviderError(error, signal);
    }
  }

  function asProviderError(error: unknown, signal?: AbortSignal): ProviderError {
    if (error instanceof ProviderError) return error;
    if (signal?.aborted) return new ProviderError('aborted', 'Stopped.', host);
    if (error instanceof EngineLoadError)
      return new ProviderError(error.message.includes('is not there') ? 'model-not-found' : 'ollama-error', error.message, host);
    return new ProviderError('ollama-error', engineMessages.failed(error instanceof Error ? error.message : String(error)), host);
  }

  function promptTokens(
    engineModel: LoadedEngineModel,
    messages: ChatStepRequest['messages'],
    tools: readonly ToolDefinition[] | undefined,
  ): number {
    const { contextText } = engineModel.chatWrapper.generateContextState({
      chatHistory: [...toChatHistory(messages), { type: 'model', response: [] }],
      ...(tools?.length && engineModel.nativeTools ? { availableFunctions: toFunctions(tools), documentFunctionParams: true } : {}),
    });
    return contextText.tokenize(engineModel.model.tokenizer).length;
  }

  function streamChat(request: ChatStepRequest): AsyncGenerator<ProviderChunk, void, undefined> {
    return stream(request, options.runtime?.maxStepTokens ?? DEFAULTS.engine.maxStepTokens);
  }

  async function* stream(request: ChatStepRequest, maxTokens: number): AsyncGenerator<ProviderChunk, void, undefined> {
    const chunks = new ChunkQueue<ProviderChunk>();
    const started = performance.now();
    void exclusive(() => generate(request, maxTokens, chunks, started)).then(
      () => chunks.end(),
      (error: unknown) => chunks.fail(asProviderError(error, request.signal)),
    );
    yield* chunks;
  }

  async function generate(request: ChatStepRequest, maxTokens: number, chunks: ChunkQueue<ProviderChunk>, started: number): Promise<void> {
    request.signal.throwIfAborted();
    const engineModel = await loaded(request.model, request.signal);
    const { LlamaChat } = await import('node-llama-cpp');
    const contextSize = engineModel.context.contextSize;
    const tools = request.tools?.length && engineModel.nativeTools ? request.tools : undefined;
    const prompt = promptTokens(engineModel, request.messages, tools);
    const room = contextSize - prompt - DEFAULTS.truncationMarginTokens;
    if (room <= 0)
      throw new ProviderError('ollama-error', engineMessages.promptTooLong(prompt, contextSize), host, null, {
        type: 'cut',
        contextFull: true,
        promptTokens: prompt,
        completionTokens: 0,
      });
    const grammar: LlamaGrammar | undefined =
      request.format && !tools
        ? await engineModel.llama.createGrammarForJsonSchema(request.format as never).catch(() => undefined)
        : undefined;
    const chat = new LlamaChat({ contextSequence: engineModel.sequence, chatWrapper: engineModel.chatWrapper, autoDisposeSequence: false });
    let completionTokens = 0;
    let firstToken: number | null = null;
    let openCall: string | null = null;
    const onResponseChunk = (chunk: LlamaChatResponseChunk): void => {
      firstToken ??= performance.now();
      completionTokens += chunk.tokens.length;
      if (chunk.text === '') return;
      if (chunk.type === 'segment') {
        if (chunk.segmentType === 'thought') chunks.push({ type: 'thinking', text: chunk.text });
      } else chunks.push({ type: 'text', text: chunk.text });
    };
    try {
      const common = {
        signal: request.signal,
        maxTokens: Math.min(room, maxTokens),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : { temperature: DEFAULTS.engine.temperature }),
        ...(options.runtime?.seed !== undefined ? { seed: options.runtime.seed } : {}),
        onResponseChunk,
        // The context was sized for this prompt: never drop the conversation's start silently.
        contextShift: { strategy: () => Promise.reject(new Error(engineMessages.promptTooLong(prompt, contextSize))) },
      };
      const result = tools
        ? await chat.generateResponse(toChatHistory(request.messages), {
            ...common,
            functions: toFunctions(tools),
            documentFunctionParams: true,
            maxParallelFunctionCalls: 1,
            onFunctionCallParamsChunk: (chunk) => {
              firstToken ??= performance.now();
              openCall = chunk.done ? null : chunk.functionName;
            },
          })
        : await chat.generateResponse(toChatHistory(request.messages), { ...common, ...(grammar ? { grammar } : {}) });
      const calls: ProviderToolCall[] = (result.functionCalls ?? []).map((call) => ({
        function: { name: call.functionName, arguments: (call.params ?? {}) as JsonObject },
      }));
      const cut = result.metadata.stopReason === 'maxTokens' && calls.length === 0;
      const contextFull = prompt + completionTokens >= contextSize - DEFAULTS.truncationMarginTokens * 2;
      const detail = { type: 'cut' as const, contextFull, promptTokens: prompt, completionTokens };
      if (cut && openCall !== null)
        throw new ProviderError('malformed-tool-call', engineMessages.cutToolCall(openCall), host, null, detail);
      if (cut && contextFull) throw new ProviderError('ollama-error', engineMessages.answerCut(contextSize), host, null, detail);
      if (calls.length > 0) chunks.push({ type: 'tool-calls', calls });
      const end = performance.now();
      chunks.push({
        type: 'done',
        usage: {
          promptTokens: prompt,
          completionTokens,
          evalDurationNs: Math.round(Math.max(0, end - (firstToken ?? end)) * 1e6),
          totalDurationNs: Math.round(Math.max(0, end - started) * 1e6),
          doneReason: cut ? 'length' : 'stop',
          numCtx: contextSize,
        },
      });
    } finally {
      chat.dispose({ disposeSequence: false });
    }
  }

  /** A side request: at most `maxTokens` generated, so it never holds the engine for a whole step's worth. */
  async function complete(request: CompleteRequest): Promise<string> {
    let text = '';
    const maxTokens = Math.max(1, Math.min(request.maxTokens, options.runtime?.maxStepTokens ?? DEFAULTS.engine.maxStepTokens));
    for await (const chunk of stream({ model: request.model, messages: request.messages, signal: request.signal, think: false }, maxTokens))
      if (chunk.type === 'text') text += chunk.text;
    if (text.trim() === '') throw new ProviderError('ollama-error', engineMessages.failed('the model answered with no text'), host);
    return text;
  }

  /** One vector per text from the model's embedding context (the model's width); waits its turn like a step. */
  function embed(request: EmbedRequest): Promise<number[][]> {
    return exclusive(async () => {
      const engineModel = await loaded(request.model, request.signal);
      try {
        const context = await embeddingContextOf(engineModel);
        const vectors: number[][] = [];
        for (const text of request.input) {
          request.signal.throwIfAborted();
          vectors.push([...(await context.getEmbeddingFor(text)).vector]);
        }
        return vectors;
      } catch (error) {
        throw asProviderError(error, request.signal);
      }
    });
  }

  return {
    host,
    listModels: (): Promise<ModelInfo[]> => listEngineModels(engine, host),
    async capabilities(model, signal): Promise<ModelCapabilities> {
      const engineModel = await loaded(model, signal);
      const contextSize = engineModel.context.contextSize;
      return {
        tools: engineModel.nativeTools,
        thinking: false,
        vision: false,
        contextLength: engineModel.trainedContext === null ? contextSize : Math.min(contextSize, engineModel.trainedContext),
      };
    },
    streamChat,
    complete,
    embed,
    async countPromptTokens(request: TokenCountRequest): Promise<number | null> {
      try {
        const engineModel = await loaded(request.model, request.signal);
        return promptTokens(engineModel, request.messages, request.tools);
      } catch {
        return null;
      }
    },
  };
}
