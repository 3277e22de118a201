import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../provider-types';
import {
  connectionProviderError,
  isContextLengthError,
  serverDetail,
  toOpenAiProviderError,
  type OpenAiErrorContext,
} from './openai-errors';
import { openAiMessages } from './openai-messages';

const HOST = 'http://127.0.0.1:8080/v1';
const request: OpenAiErrorContext = { host: HOST, model: 'qwen', phase: 'request' };
const api = (status: number | undefined, body: unknown, message = 'msg'): APIError =>
  new APIError(status, body as object, message, undefined);
const mapped = (error: unknown, context: OpenAiErrorContext = request) => {
  const result = toOpenAiProviderError(error, context);
  return { kind: result.kind, message: result.message, status: result.status };
};
const withCode = (code: string, message = 'connect failed'): Error => Object.assign(new Error(message), { code });

describe('serverDetail: the server’s own words, wherever the body puts them', () => {
  it('reads a string body, {message}, {error: string} and {error: {message}}, in that order, else the client’s words without the status', () => {
    expect(serverDetail(api(500, 'plain words'))).toBe('plain words');
    expect(serverDetail(api(500, { message: 'top', error: 'under' }))).toBe('top');
    expect(serverDetail(api(500, { error: 'under' }))).toBe('under');
    expect(serverDetail(api(500, { error: { message: 'nested' } }))).toBe('nested');
    for (const body of [{ error: { code: 5 } }, { error: null }, null, { message: 7 }]) {
      const error = api(500, body, 'the client says');
      expect(error.message.startsWith('500 ')).toBe(true);
      expect(serverDetail(error), JSON.stringify(body)).toBe(error.message.slice(4));
    }
  });
});

describe('isContextLengthError', () => {
  it('is each real server’s wording on 400, 413 or mid-stream, never on another status', () => {
    const wordings = [
      "This model's maximum context length is 4096 tokens",
      'The decoder prompt (length 5000) is longer than the maximum model length of 4096',
      'the request exceeds the available context size',
      'exceed_context_size_error',
      'context_length_exceeded',
      'Input prompt is too big compared to KV size',
      'too many tokens',
      'context window full',
      'context-length',
    ];
    for (const words of wordings) {
      for (const status of [400, 413, undefined])
        expect(isContextLengthError(api(status, { message: words })), `${status} ${words}`).toBe(true);
      expect(isContextLengthError(api(500, { message: words })), words).toBe(false);
    }
    expect(isContextLengthError(api(400, { message: 'bad request' }))).toBe(false);
    expect(isContextLengthError(new Error('context length'))).toBe(false);
  });
});

describe('connectionProviderError', () => {
  it('names each way a connection fails, in words', () => {
    expect(connectionProviderError(new APIConnectionTimeoutError({ message: 't' }), HOST, 3000).message).toBe(
      openAiMessages.timedOut(HOST, 3000),
    );
    expect(connectionProviderError(new APIConnectionTimeoutError({ message: 't' }), HOST).message).toBe(openAiMessages.timedOut(HOST, 0));
    expect(connectionProviderError(withCode('ENOTFOUND'), HOST).message).toBe(openAiMessages.dns(HOST));
    expect(connectionProviderError(withCode('EAI_AGAIN'), HOST).message).toBe(openAiMessages.dns(HOST));
    expect(connectionProviderError(withCode('ECONNREFUSED'), HOST).message).toBe(openAiMessages.refused(HOST));
    for (const code of [
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'ERR_SSL_WRONG_VERSION_NUMBER',
      'CERT_HAS_EXPIRED',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'ERR_OSSL_EVP_BAD_DECRYPT',
    ]) {
      const error = Object.assign(new Error('outer'), { code, cause: new Error('inner words') });
      expect(connectionProviderError(error, HOST).message, code).toBe(openAiMessages.tls(HOST, `${code}: inner words`));
    }
    expect(connectionProviderError(withCode('X_ERR_TLS_'), HOST).message).toBe(openAiMessages.unreachable(HOST));
    expect(connectionProviderError(withCode('ERR_INVALID_URL'), HOST).message).toBe(openAiMessages.unreachable(HOST));
    expect(connectionProviderError(new Error('no code'), HOST)).toMatchObject({
      kind: 'unreachable',
      host: HOST,
      message: openAiMessages.unreachable(HOST),
    });
  });

  it('the TLS detail is the deepest message there is, six causes down at most', () => {
    const chain = (depth: number): Error => {
      let error: Error = new Error(`level ${depth}`);
      for (let level = depth - 1; level >= 0; level -= 1) error = new Error(level === 0 ? 'top' : `level ${level}`, { cause: error });
      return Object.assign(error, { code: 'CERT_HAS_EXPIRED' });
    };
    expect(connectionProviderError(chain(3), HOST).message).toBe(openAiMessages.tls(HOST, 'CERT_HAS_EXPIRED: level 3'));
    expect(connectionProviderError(chain(9), HOST).message).toBe(openAiMessages.tls(HOST, 'CERT_HAS_EXPIRED: level 5'));
    const emptyInner = Object.assign(new Error('outer words', { cause: new Error('') }), { code: 'CERT_HAS_EXPIRED' });
    expect(connectionProviderError(emptyInner, HOST).message).toBe(openAiMessages.tls(HOST, 'CERT_HAS_EXPIRED: outer words'));
  });
});

describe('toOpenAiProviderError: which answer is which', () => {
  it('a stop is a stop, whatever came with it; a ProviderError stays itself', () => {
    const controller = new AbortController();
    controller.abort();
    expect(mapped(api(500, 'boom'), { ...request, signal: controller.signal })).toEqual({
      kind: 'aborted',
      message: openAiMessages.aborted(),
      status: null,
    });
    expect(mapped(new APIUserAbortError())).toEqual({ kind: 'aborted', message: openAiMessages.aborted(), status: null });
    expect(mapped(api(500, 'boom'), { ...request, signal: new AbortController().signal }).kind).toBe('ollama-error');
    const original = new ProviderError('context-changed', 'x', 'other');
    expect(toOpenAiProviderError(original, request)).toBe(original);
    expect(mapped(Object.assign(new Error('x'), { name: 'AbortError' }))).toEqual({
      kind: 'aborted',
      message: openAiMessages.aborted(),
      status: null,
    });
  });

  it('a connection lost after the answer began is an early end; before, the connection failure', () => {
    const lost = new APIConnectionError({ message: 'Connection error.', cause: withCode('ECONNREFUSED') });
    expect(mapped(lost, { ...request, phase: 'stream' })).toEqual({
      kind: 'incomplete-stream',
      message: openAiMessages.incompleteStream(),
      status: null,
    });
    expect(mapped(lost)).toEqual({ kind: 'unreachable', message: openAiMessages.refused(HOST), status: null });
    expect(mapped(new APIConnectionTimeoutError({ message: 't' }), { ...request, timeoutMs: 900 }).message).toBe(
      openAiMessages.timedOut(HOST, 900),
    );
  });

  it('a context overflow wins over every other reading of a 400', () => {
    expect(mapped(api(400, { message: 'model not found: context length exceeded' }))).toEqual({
      kind: 'ollama-error',
      message: openAiMessages.contextLength('model not found: context length exceeded'),
      status: 400,
    });
  });

  it('tools refused on 400, 422 and 500 only', () => {
    const words = 'tools param requires --jinja flag';
    for (const status of [400, 422, 500]) {
      expect(mapped(api(status, { message: words }))).toEqual({
        kind: 'tools-refused',
        message: openAiMessages.toolsRefused(HOST, words),
        status,
      });
    }
    expect(mapped(api(503, { message: words })).kind).toBe('ollama-error');
  });

  it('an unreadable call from the model on a 500 or mid-stream; a bad call in the history likewise, as the request’s fault', () => {
    const peg = 'The model produced output that does not match the expected peg-native format';
    for (const status of [500, undefined]) {
      expect(mapped(api(status, { message: peg }))).toEqual({
        kind: 'malformed-tool-call',
        message: openAiMessages.malformedToolCall(peg),
        status: status ?? null,
      });
    }
    expect(mapped(api(400, { message: peg })).kind).toBe('ollama-error');
    const history = 'Failed to parse tool call arguments as JSON: x';
    for (const status of [500, undefined]) {
      expect(mapped(api(status, { message: history }))).toEqual({
        kind: 'ollama-error',
        message: openAiMessages.badHistoryToolCall(HOST, history),
        status: status ?? null,
      });
    }
    expect(mapped(api(400, { message: history })).message).toBe(openAiMessages.httpError(HOST, 400, history));
  });

  it('a model not loaded on 400, 404 or 503 says to load it, with or without a model named', () => {
    for (const status of [400, 404, 503]) {
      expect(mapped(api(status, { message: 'model is not loaded' }))).toEqual({
        kind: 'ollama-error',
        message: openAiMessages.modelNotLoaded(HOST, 'qwen'),
        status,
      });
    }
    expect(mapped(api(400, { message: 'model is not loaded' }), { ...request, model: null }).message).toBe(
      openAiMessages.modelNotLoaded(HOST, null),
    );
    expect(mapped(api(500, { message: 'model is not loaded' })).message).toBe(openAiMessages.httpError(HOST, 500, 'model is not loaded'));
  });

  it('the router’s "not found" on 400 or 404 is the model asked for; without a model it is not', () => {
    for (const status of [400, 404]) {
      expect(mapped(api(status, { message: "model 'nope' not found" }))).toEqual({
        kind: 'model-not-found',
        message: openAiMessages.modelNotFound(HOST, 'qwen'),
        status,
      });
    }
    expect(mapped(api(400, { message: "model 'nope' not found" }), { ...request, model: null }).kind).toBe('ollama-error');
    expect(mapped(api(422, { message: "model 'nope' not found" })).kind).toBe('ollama-error');
  });

  it('an error mid-stream is the server’s words; 401 and 403 a refusal', () => {
    expect(mapped(api(undefined, { message: 'slot crashed' }))).toEqual({
      kind: 'ollama-error',
      message: openAiMessages.streamError('slot crashed'),
      status: null,
    });
    for (const status of [401, 403]) {
      expect(mapped(api(status, { message: 'model not loaded either' }))).toEqual({
        kind: 'ollama-error',
        message: openAiMessages.unauthorized(HOST, status),
        status,
      });
    }
  });

  it('a 404 is about the model when its words or code say so and a model was asked for; else the address is no OpenAI API', () => {
    expect(mapped(api(404, { message: 'The Model does not exist' }))).toEqual({
      kind: 'model-not-found',
      message: openAiMessages.modelNotFound(HOST, 'qwen'),
      status: 404,
    });
    const coded = new APIError(404, { message: 'nothing here', code: 'model_not_found' }, 'nothing here', undefined);
    expect(mapped(coded).kind).toBe('model-not-found');
    expect(mapped(api(404, { message: 'File Not Found' }))).toEqual({
      kind: 'ollama-error',
      message: openAiMessages.notOpenAi(HOST),
      status: 404,
    });
    expect(mapped(api(404, { message: 'model gone' }), { ...request, model: null })).toEqual({
      kind: 'ollama-error',
      message: openAiMessages.notOpenAi(HOST),
      status: 404,
    });
  });

  it('any other status is an HTTP error with the server’s words', () => {
    expect(mapped(api(502, { message: 'bad gateway' }))).toEqual({
      kind: 'ollama-error',
      message: openAiMessages.httpError(HOST, 502, 'bad gateway'),
      status: 502,
    });
  });

  it('anything else thrown: an early end mid-stream, a request error before; a non-error in its own words', () => {
    expect(mapped(new Error('socket hang up'), { ...request, phase: 'stream' })).toEqual({
      kind: 'incomplete-stream',
      message: openAiMessages.incompleteStream(),
      status: null,
    });
    expect(mapped(new Error('socket hang up'))).toEqual({
      kind: 'ollama-error',
      message: openAiMessages.requestError('socket hang up'),
      status: null,
    });
    expect(mapped('odd')).toEqual({ kind: 'ollama-error', message: openAiMessages.requestError('odd'), status: null });
  });
});
