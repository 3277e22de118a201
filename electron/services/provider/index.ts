export { createOllamaProvider, type OllamaProviderOptions } from './ollama/ollama-provider';
export { tokensPerSecond } from './ollama/chat/tokens-per-second';
export { numCtxFor } from './ollama/chat/chat-request-builder';
export { providerMessages } from './provider-messages';
export { ProviderError } from './provider-types';
export type {
  ChatMessage,
  ChatProvider,
  ChatStepRequest,
  CompleteRequest,
  ProviderChunk,
  ProviderErrorKind,
  ProviderToolCall,
  StepUsage,
  ToolDefinition,
} from './provider-types';
export { createOllamaModelAdmin, type OllamaModelAdminOptions } from './model-admin/ollama-model-admin';
export type { ModelAdmin, PullOptions, PullProgress } from './model-admin/model-admin-types';
