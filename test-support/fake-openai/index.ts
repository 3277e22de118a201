export { startFakeOpenAi, TOOLS_UNSUPPORTED_MESSAGE, type FakeOpenAi, type FakeOpenAiOptions } from './fake-openai-server';
export { openAiReply, openAiModels, lastUserContent } from './openai-replies';
export { CONTEXT_LENGTH_MESSAGE } from './sse-replies';
export type {
  FakeOpenAiChatRequest,
  FakeOpenAiModel,
  FakeToolCall,
  OpenAiReply,
  OpenAiReplySource,
  OpenAiScenario,
  RecordedOpenAiRequest,
} from './scenario-types';
