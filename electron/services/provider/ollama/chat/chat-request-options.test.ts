import { describe, expect, it } from 'vitest';
import { buildStepRequest, numCtxFor } from './chat-request-builder';
import type { ChatStepRequest } from '../../provider-types';

const capabilities = { tools: true, thinking: false, vision: false, contextLength: 32_768 };
const signal = new AbortController().signal;

describe("a step with the conversation's options", () => {
  it('puts temperature in options and keep_alive at the top level, and uses its num_ctx as it is', () => {
    const request: ChatStepRequest = { model: 'm', messages: [], signal, numCtx: 16_384, temperature: 0.7, keepAlive: '30m' };
    const numCtx = numCtxFor(capabilities, 8192, request.numCtx);
    expect(numCtx).toBe(16_384);
    const body = buildStepRequest(request, capabilities, numCtx);
    expect(body.options).toEqual({ num_ctx: 16_384, temperature: 0.7 });
    expect(body.keep_alive).toBe('30m');
  });

  it("without them: the model's context capped by the setting, and no temperature or keep_alive", () => {
    const request: ChatStepRequest = { model: 'm', messages: [], signal };
    const numCtx = numCtxFor(capabilities, 8192, request.numCtx);
    expect(numCtx).toBe(8192);
    const body = buildStepRequest(request, capabilities, numCtx);
    expect(body.options).toEqual({ num_ctx: 8192 });
    expect('keep_alive' in body).toBe(false);
  });
});
