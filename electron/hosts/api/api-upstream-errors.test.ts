import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { llamaCppExceedContext } from '../../../test-support/replays/llama-cpp-replays';
import { replayBody } from '../../../test-support/replays/replay-types';
import { API_KEY, startGatewayFixture } from './testing/gateway-fixture';

const cleanups = cleanupAfterEach();

describe("the local API passes an OpenAI-compatible server's error through", () => {
  it("llama.cpp's exceed_context_size_error keeps its status, type, n_prompt_tokens and n_ctx (captured overflow-stream)", async () => {
    const { api } = await startGatewayFixture(cleanups, { openAiReplies: [{ type: 'replay', replay: llamaCppExceedContext }] });

    const response = await fetch(`${api.url}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'gpu-box::tooly', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(JSON.parse(replayBody(llamaCppExceedContext)));
  });
});
