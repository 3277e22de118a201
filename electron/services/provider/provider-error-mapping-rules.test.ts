import { describe, expect, it } from 'vitest';
import { providerMessages } from './provider-messages';
import { probeFailure, providerErrorText, toProviderError, type ErrorContext } from './provider-error-mapping';
import { ProviderError, type ProviderErrorKind } from './provider-types';

const HOST = 'http://h:1';
const request: ErrorContext = { host: HOST, model: 'm:1b', timedOut: false, phase: 'request' };
const stream: ErrorContext = { ...request, phase: 'stream' };
const responseError = (status: number, message: string): Error =>
  Object.assign(new Error(message), { name: 'ResponseError', status_code: status });
const withCode = <T extends Error>(error: T, code: string, where: 'cause' | 'own' = 'cause'): T =>
  where === 'cause' ? Object.assign(error, { cause: { code } }) : Object.assign(error, { code });
const mapped = (error: unknown, context: ErrorContext = request) => {
  const result = toProviderError(error, context);
  return { kind: result.kind, message: result.message, status: result.status, host: result.host };
};

describe('toProviderError: what Ollama answered', () => {
  it('401 and 403 are refusals in words, whatever the text says', () => {
    for (const status of [401, 403]) {
      expect(mapped(responseError(status, 'model not found'))).toEqual({
        kind: 'ollama-error',
        message: providerMessages.unauthorized(HOST, status),
        status,
        host: HOST,
      });
    }
  });

  it('404 "not found" is the model, but not gin’s "page not found" and not without a model', () => {
    expect(mapped(responseError(404, 'model "m:1b" not found, try pulling it first'))).toEqual({
      kind: 'model-not-found',
      message: providerMessages.modelNotFound('m:1b'),
      status: 404,
      host: HOST,
    });
    expect(mapped(responseError(404, '404 page not found')).kind).toBe('ollama-error');
    expect(mapped(responseError(404, 'not found'), { ...request, model: null }).kind).toBe('ollama-error');
    expect(mapped(responseError(400, 'model not found')).kind).toBe('ollama-error');
  });

  it('tools refused on 400 and 500 only', () => {
    for (const status of [400, 500]) {
      expect(mapped(responseError(status, 'registry.ollama.ai/library/gemma does not support tools'))).toEqual({
        kind: 'tools-refused',
        message: providerMessages.toolsRefused('registry.ollama.ai/library/gemma does not support tools'),
        status,
        host: HOST,
      });
    }
    expect(mapped(responseError(404, 'x does not support tools')).kind).toBe('ollama-error');
  });

  it('a prompt longer than the context is said so on 400 only', () => {
    const words = 'prompt is longer than the context length';
    expect(mapped(responseError(400, words))).toEqual({
      kind: 'ollama-error',
      message: providerMessages.promptTooLong(words),
      status: 400,
      host: HOST,
    });
    expect(mapped(responseError(500, words)).message).toBe(providerMessages.httpError(500, words));
  });

  it('an unreadable call on a 500 only is one the model may write again', () => {
    const words = 'failed to parse JSON: unexpected end';
    expect(mapped(responseError(500, words))).toEqual({
      kind: 'malformed-tool-call',
      message: providerMessages.malformedToolCall(words),
      status: 500,
      host: HOST,
    });
    expect(mapped(responseError(400, words))).toEqual({
      kind: 'ollama-error',
      message: providerMessages.httpError(400, words),
      status: 400,
      host: HOST,
    });
  });
});

describe('toProviderError: what fetch and the stream threw', () => {
  it('keeps a ProviderError, and an aborted signal or a timeout wins over anything else', () => {
    const original = new ProviderError('unreachable', 'x', 'other');
    expect(toProviderError(original, { ...request, timedOut: true })).toBe(original);
    const controller = new AbortController();
    controller.abort();
    expect(mapped(responseError(500, 'boom'), { ...request, signal: controller.signal, timedOut: true })).toEqual({
      kind: 'aborted',
      message: providerMessages.aborted(),
      status: null,
      host: HOST,
    });
    expect(mapped(responseError(500, 'boom'), { ...request, timedOut: true, timeoutMs: 5000 })).toEqual({
      kind: 'unreachable',
      message: providerMessages.timedOut(HOST, 5000),
      status: null,
      host: HOST,
    });
    expect(mapped(new Error('x'), { ...request, timedOut: true }).message).toBe(providerMessages.timedOut(HOST, 0));
    expect(mapped(new Error('x'), { ...request, signal: new AbortController().signal }).kind).toBe('ollama-error');
  });

  it('a thrown non-error is a request error in its own words; an AbortError is an abort', () => {
    expect(mapped(42)).toEqual({ kind: 'ollama-error', message: providerMessages.requestError('42'), status: null, host: HOST });
    expect(mapped(Object.assign(new Error('gone'), { name: 'AbortError' })).kind).toBe('aborted');
    expect(mapped(Object.assign(new Error('x'), { name: 'ResponseError', status_code: '500' })).message).toBe(
      providerMessages.requestError('x'),
    );
  });

  it('an invalid URL, by the cause’s code or its own', () => {
    for (const where of ['cause', 'own'] as const) {
      expect(mapped(withCode(new TypeError('Invalid URL'), 'ERR_INVALID_URL', where))).toEqual({
        kind: 'unreachable',
        message: providerMessages.invalidHost(HOST),
        status: null,
        host: HOST,
      });
    }
    expect(mapped(Object.assign(new TypeError('Invalid URL'), { cause: { code: 7 }, code: 'ERR_INVALID_URL' })).message).toBe(
      providerMessages.invalidHost(HOST),
    );
  });

  it('no done chunk, or a socket closed after connecting, is an early end', () => {
    expect(mapped(new Error('Did not receive done or success response in stream.'))).toEqual({
      kind: 'incomplete-stream',
      message: providerMessages.incompleteStream(),
      status: null,
      host: HOST,
    });
    expect(mapped(withCode(new TypeError('fetch failed'), 'UND_ERR_SOCKET')).kind).toBe('incomplete-stream');
  });

  it('fetch failed is unreachable; a connection code is, before the answer only; anything else a fetch or parse threw is an early end', () => {
    expect(mapped(new TypeError('fetch failed'), stream)).toEqual({
      kind: 'unreachable',
      message: providerMessages.unreachable(HOST),
      status: null,
      host: HOST,
    });
    for (const code of [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'ECONNRESET',
      'ETIMEDOUT',
      'UND_ERR_CONNECT_TIMEOUT',
    ]) {
      expect(mapped(withCode(new TypeError('other words'), code)).kind, code).toBe('unreachable');
      expect(mapped(withCode(new TypeError('other words'), code), stream).kind, code).toBe('incomplete-stream');
    }
    expect(mapped(withCode(new TypeError('other words'), 'EPIPE')).kind).toBe('incomplete-stream');
    expect(mapped(new TypeError('terminated'))).toEqual({
      kind: 'incomplete-stream',
      message: providerMessages.incompleteStream(),
      status: null,
      host: HOST,
    });
    expect(mapped(new SyntaxError('Unexpected end of JSON input')).kind).toBe('incomplete-stream');
    expect(mapped(withCode(new Error('refused'), 'ECONNREFUSED')).kind).toBe('ollama-error');
  });

  it('an error line in the stream is the server’s words, an unreadable call among them; before the stream, a request error', () => {
    expect(mapped(new Error('error parsing tool call: x'), stream)).toEqual({
      kind: 'malformed-tool-call',
      message: providerMessages.malformedToolCall('error parsing tool call: x'),
      status: null,
      host: HOST,
    });
    expect(mapped(new Error('model runner crashed'), stream)).toEqual({
      kind: 'ollama-error',
      message: providerMessages.streamError('model runner crashed'),
      status: null,
      host: HOST,
    });
    expect(mapped(new Error('error parsing tool call: x'))).toEqual({
      kind: 'ollama-error',
      message: providerMessages.requestError('error parsing tool call: x'),
      status: null,
      host: HOST,
    });
  });
});

describe('what the user reads', () => {
  const error = (kind: ProviderErrorKind, message: string) => new ProviderError(kind, message, HOST);

  it('adds the advice for its kind to a message that gives none', () => {
    const advice: Record<ProviderErrorKind, string> = {
      unreachable: `Check that the model server is running at ${HOST}, or set the right address in Settings.`,
      'model-not-found': 'Install the model on its server, or pick another model.',
      'ollama-error': "Try again; if it keeps failing, check the model server's logs.",
      'malformed-tool-call': "Try again; if it keeps failing, check the model server's logs.",
      'tools-refused': "Try again; if it keeps failing, check the model server's logs.",
      'tool-schema-refused': "Try again; if it keeps failing, check the model server's logs.",
      'context-changed': 'Send the message again: TACO now plans with the context the server has.',
      'incomplete-stream': 'The answer was cut off. Try again; if it keeps happening, restart the model server.',
      aborted: 'Try again.',
    };
    for (const [kind, words] of Object.entries(advice) as Array<[ProviderErrorKind, string]>) {
      expect(providerErrorText(error(kind, 'It failed.')), kind).toBe(`It failed. ${words}`);
    }
  });

  it('leaves a message that says what to do alone, says something for an empty one, and words anything else', () => {
    for (const verb of ['check', 'try', 'start', 'run', 'install', 'pull', 'make sure', 'open', 'restart', 'choose', 'pick', 'set']) {
      expect(providerErrorText(error('ollama-error', `Failed; ${verb} it.`)), verb).toBe(`Failed; ${verb} it.`);
    }
    expect(providerErrorText(error('ollama-error', 'Failed; reset it.'))).toBe(
      "Failed; reset it. Try again; if it keeps failing, check the model server's logs.",
    );
    expect(providerErrorText(error('aborted', '   '))).toBe('The model server returned an error. Try again.');
    const tail = '. Try again; if it keeps failing, check that the model server is running and up to date.';
    expect(providerErrorText(new Error('boom'))).toBe(`Talking to the model failed: boom${tail}`);
    expect(providerErrorText('plain')).toBe(`Talking to the model failed: plain${tail}`);
  });

  it('a failed probe: unreachable when not there or silent, its own words otherwise', () => {
    const words = { silent: 'It stayed silent.', unknown: (detail: string) => `Odd: ${detail}` };
    expect(probeFailure(error('unreachable', 'gone'), HOST, words)).toEqual({ type: 'unreachable', host: HOST, message: 'gone' });
    expect(probeFailure(error('aborted', 'stopped'), HOST, words)).toEqual({
      type: 'unreachable',
      host: HOST,
      message: 'It stayed silent.',
    });
    expect(probeFailure(error('aborted', 'stopped'), HOST, { unknown: words.unknown })).toEqual({
      type: 'unreachable',
      host: HOST,
      message: 'stopped',
    });
    for (const kind of [
      'model-not-found',
      'ollama-error',
      'malformed-tool-call',
      'tools-refused',
      'tool-schema-refused',
      'context-changed',
      'incomplete-stream',
    ] as const) {
      expect(probeFailure(error(kind, 'said'), HOST, words), kind).toEqual({ type: 'error', host: HOST, message: 'said' });
    }
    expect(probeFailure(new Error('boom'), HOST, words)).toEqual({ type: 'error', host: HOST, message: 'Odd: boom' });
    expect(probeFailure('text', HOST, words)).toEqual({ type: 'error', host: HOST, message: 'Odd: text' });
  });
});
