import { sseEvents, type Replay } from './replay-types';

/*
 * What real OpenAI-compatible servers send, byte for byte. The llama.cpp replays here were read
 * from source (00dd081); bytes captured from a running llama-server (82bb48500a9a: `/props` with its
 * real keys and order, `/v1/models` with `aliases`, `tags`, `meta.n_ctx`) are in llama-cpp-replays.ts.
 * llama.cpp: ggml-org/llama.cpp tools/server (server-http.cpp at 00dd081, JSON is nlohmann
 * ordered_json so keys keep the order the code writes them). vLLM: vllm-project/vllm
 * entrypoints/openai (pydantic models serialised in field order).
 */

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' } as const;
const SSE = { 'Content-Type': 'text/event-stream' } as const;

/** While the model loads every endpoint but /health and /v1/models answers this, without Retry-After (tools/server/server-http.cpp middleware_server_state). */
export const llamaCppLoadingModel: Replay = {
  origin: 'llama.cpp tools/server/server-http.cpp middleware_server_state (00dd081)',
  status: 503,
  headers: JSON_TYPE,
  writes: ['{"error":{"message":"Loading model","type":"unavailable_error","code":503}}'],
};

/** /props: the slot's real context is default_generation_settings.n_ctx (tools/server/server-context.cpp handle_props). */
export const llamaCppProps: Replay = {
  origin: 'llama.cpp tools/server/server-context.cpp handle_props (default_generation_settings.n_ctx, total_slots)',
  status: 200,
  headers: JSON_TYPE,
  writes: [
    '{"default_generation_settings":{"n_ctx":8192,"params":{"n_predict":-1,"temperature":0.800000011920929}},"total_slots":1,"model_path":"/models/qwen2.5-7b-instruct-q4_k_m.gguf","chat_template":"","build_info":"b6500-00dd081"}',
  ],
};

/** /v1/models: meta.n_ctx_train is the training length, not the slot's context (tools/server/server-context.cpp handle_models). */
export const llamaCppModels: Replay = {
  origin: 'llama.cpp tools/server/server-context.cpp handle_models (meta.n_ctx_train)',
  status: 200,
  headers: JSON_TYPE,
  writes: [
    '{"models":[{"name":"qwen2.5-7b-instruct-q4_k_m.gguf","model":"qwen2.5-7b-instruct-q4_k_m.gguf"}],"object":"list","data":[{"id":"qwen2.5-7b-instruct-q4_k_m.gguf","object":"model","created":1763971200,"owned_by":"llamacpp","meta":{"vocab_type":2,"n_vocab":152064,"n_ctx_train":32768,"n_embd":3584,"n_params":7615616512,"size":4677120000}}]}',
  ],
};

/** `tools` without --jinja: oaicompat_chat_params_parse throws, the handler answers 500 (tools/server/server-common.cpp). */
export const llamaCppToolsNeedJinja: Replay = {
  origin: 'llama.cpp tools/server/server-common.cpp oaicompat_chat_params_parse ("tools param requires --jinja flag")',
  status: 500,
  headers: JSON_TYPE,
  writes: ['{"error":{"code":500,"message":"tools param requires --jinja flag","type":"server_error"}}'],
};

/**
 * An older version's form, kept for servers still running it: llama.cpp (examples/server/server.cpp,
 * 2024) sent a failure inside an open stream as an SSE `error:` field (82bb48500a9a sends
 * `data: {"error": …}` instead) ("error: " + result.data.dump() + "\n\n"), which the openai client skips.
 */
export const llamaCppSseErrorField: Replay = {
  origin: 'llama.cpp examples/server/server.cpp handle_chat_completions stream (2024, "error: " + data + "\\n\\n")',
  status: 200,
  headers: SSE,
  writes: sseEvents([
    'data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"Let me"}}],"created":1718000000,"id":"chatcmpl-x1","model":"gpt-3.5-turbo","object":"chat.completion.chunk"}',
    'error: {"code":500,"message":"Input prompt is too big compared to KV size. Please try increasing KV size.","type":"server_error"}',
  ]),
};

/**
 * vLLM with a Mistral tokenizer: tool-call ids are 9 alphanumerics (MistralToolCall.generate_random_id,
 * after mistral-common's validator), and the next request must send them back unchanged.
 */
export const vllmMistralToolCall: Replay = {
  origin: 'vLLM entrypoints/openai/tool_parsers/mistral_tool_parser.py MistralToolCall (9 alphanumerics)',
  status: 200,
  headers: SSE,
  writes: sseEvents([
    'data: {"id":"chatcmpl-5b0c","object":"chat.completion.chunk","created":1763971200,"model":"mistral-small","choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}',
    'data: {"id":"chatcmpl-5b0c","object":"chat.completion.chunk","created":1763971200,"model":"mistral-small","choices":[{"index":0,"delta":{"tool_calls":[{"id":"aB3dE5gH7","type":"function","index":0,"function":{"name":"read_file","arguments":"{\\"path\\": \\"a.txt\\"}"}}]},"logprobs":null,"finish_reason":null}]}',
    'data: {"id":"chatcmpl-5b0c","object":"chat.completion.chunk","created":1763971200,"model":"mistral-small","choices":[{"index":0,"delta":{"content":""},"logprobs":null,"finish_reason":"tool_calls","stop_reason":null}]}',
    'data: [DONE]',
  ]),
};

/** vLLM (mistral-common validator) refuses an id that is not 9 alphanumerics: HTTP 400. */
export const vllmMistralBadToolCallId: Replay = {
  origin: 'vLLM entrypoints/openai serving_chat (mistral-common validator: "must be a-z, A-Z, 0-9, with a length of 9")',
  status: 400,
  headers: { 'Content-Type': 'application/json' },
  writes: [
    '{"object":"error","message":"Tool call id was call_1_0 but must be a-z, A-Z, 0-9, with a length of 9.","type":"BadRequestError","param":null,"code":400}',
  ],
};

/** The token budget ran out inside a tool call's arguments: finish_reason "length" (vLLM serving_chat). */
export const vllmLengthMidToolCall: Replay = {
  origin: 'vLLM entrypoints/openai/serving_chat.py chat_completion_stream_generator (finish_reason "length")',
  status: 200,
  headers: SSE,
  writes: sseEvents([
    'data: {"id":"chatcmpl-9d1e","object":"chat.completion.chunk","created":1763971200,"model":"qwen2.5-7b","choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}',
    'data: {"id":"chatcmpl-9d1e","object":"chat.completion.chunk","created":1763971200,"model":"qwen2.5-7b","choices":[{"index":0,"delta":{"tool_calls":[{"id":"chatcmpl-tool-3f2a","type":"function","index":0,"function":{"name":"write_file","arguments":"{\\"path\\": \\"notes.md\\", \\"content\\": \\"# Notes\\\\n"}}]},"logprobs":null,"finish_reason":null}]}',
    'data: {"id":"chatcmpl-9d1e","object":"chat.completion.chunk","created":1763971200,"model":"qwen2.5-7b","choices":[{"index":0,"delta":{"content":""},"logprobs":null,"finish_reason":"length","stop_reason":null}]}',
    'data: [DONE]',
  ]),
};

/**
 * LM Studio's REST API for one loaded model (`GET /api/v0/models/<id>`; fields as in LM Studio's
 * docs, developer/rest/endpoints, plus `loaded_context_length` that 0.3.x servers add once the
 * model is loaded). Its /v1/models says nothing about the context.
 */
export const lmStudioLoadedModel: Replay = {
  origin:
    'LM Studio 0.3.x REST API GET /api/v0/models/{id} (lmstudio-ai/docs 1_developer/_2_rest/endpoints.md; loaded_context_length when loaded)',
  status: 200,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  writes: [
    '{"id":"qwen2.5-7b-instruct","object":"model","type":"llm","publisher":"lmstudio-community","arch":"qwen2","compatibility_type":"gguf","quantization":"Q4_K_M","state":"loaded","max_context_length":32768,"loaded_context_length":4096}',
  ],
};
