export { startFakeOllama, type FakeOllama, type FakeOllamaOptions } from './fake-ollama-server';
export { chunk, reply, lastUserText, systemText, toolResults, splitIntoPieces, type ReplyOptions } from './reply-builders';
export { SCENARIOS, findScenario, scenarioNames } from './scenarios/index';
export { STANDARD_MODELS, standardModels, llama32, qwen3, gemma2b, nomicEmbed } from './scenarios/models/standard-models';
export { createPromptCache, renderServerPrompt, commonPrefixLength, PROMPT_COSTS, type PromptEvaluation } from './prompt-cache';
export { fakeEmbedding, FAKE_EMBEDDING_DIMENSIONS } from './embed-endpoint';
export { createLongStreamScenario } from './scenarios/chat/long-stream';
export type {
  FakeCapability,
  FakeChatMessage,
  FakeChatRequest,
  FakeModel,
  EmbedScript,
  PullScript,
  RecordedRequest,
  Reply,
  ReplyChunk,
  ReplyCounts,
  ReplyEnding,
  ReplySource,
  Scenario,
  SideRule,
} from './scenario-types';
