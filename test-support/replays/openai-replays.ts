import { sseEvents, type Replay } from './replay-types';

/*
 * What real OpenAI-compatible servers send, byte for byte. Every llama.cpp replay of the version
 * TACO is checked against (82bb48500a9a) is in llama-cpp-replays.ts: captured from a running
 * llama-server, or, where no capture has the answer, read from that commit's source and marked so.
 * Here only an older llama.cpp's form (marked as such). vLLM: vllm-project/vllm entrypoints/openai
 * (pydantic models serialised in field order).
 */

const SSE = { 'Content-Type': 'text/event-stream' } as const;

/**
 * An older version's form, kept for servers still running it (read from source, not captured):
 * llama.cpp b60074f1c26d (2024-09-02, the last commit before 6e7d133a5 "server : refactor
 * multitask handling" removed it; the form dates from 2023-11) sent a failure inside an open stream
 * as an SSE `error:` field, `"error: " + result.data.dump() + "\n\n"` in examples/server/server.cpp,
 * the object from utils.hpp format_error_response (code, message, type) with send_error's words
 * "Input prompt is too big compared to KV size…"; the openai client skips such a field.
 * 82bb48500a9a sends `data: {"error": …}` instead (llama-cpp-replays.ts).
 */
export const llamaCppSseErrorField: Replay = {
  origin:
    'llama.cpp b60074f1c26d (2024, an older version) examples/server/server.cpp stream: "error: " + result.data.dump() + "\\n\\n" (from source, not captured)',
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
