import { describe, expect, it } from 'vitest';
import { providerFailure } from '../../provider/provider-test-helpers';
import { createEngineClient } from './engine-client';
import type { EngineExit, EngineProcess } from './engine-process';
import type { EngineTarget, ToEngine } from './engine-protocol';

/** An engine host that answers nothing by itself: the test plays its part. */
function fakeEngine() {
  const sent: ToEngine[] = [];
  const holds: boolean[] = [];
  let receive: (message: unknown) => void = () => undefined;
  let exit: (how: EngineExit) => void = () => undefined;
  let killed = false;
  const engine: EngineProcess = {
    send: (message) => sent.push(message as ToEngine),
    onMessage: (listener) => (receive = listener),
    onExit: (listener) => (exit = listener),
    kill: () => {
      killed = true;
    },
    hold: (held) => holds.push(held),
  };
  return { engine, sent, holds, say: (message: unknown) => receive(message), exit: (how: EngineExit) => exit(how), killed: () => killed };
}

const TARGET: EngineTarget = { serverId: 'built-in', engine: { modelPath: '/m/tiny.gguf', contextSize: 4096, threads: 1 } };
const CAPS = { method: 'capabilities', model: 'tiny.gguf' } as const;

function client() {
  const engines: ReturnType<typeof fakeEngine>[] = [];
  const made = createEngineClient({
    launch: () => {
      const fake = fakeEngine();
      engines.push(fake);
      return fake.engine;
    },
  });
  return { client: made, engines };
}

describe('the engine client', () => {
  it('answers a call with the result of its id, holding main alive only while the call waits', async () => {
    const { client: engine, engines } = client();
    const answer = engine.call(TARGET, CAPS, { host: 'h' });
    const call = engines[0]?.sent[0];
    if (call?.type !== 'call') throw new Error('no call sent');
    engines[0]?.say({ type: 'result', id: call.id + 1, result: { method: 'listModels', models: [] } });
    const capabilities = { tools: true, thinking: false, vision: false, contextLength: 4096 };
    engines[0]?.say({ type: 'result', id: call.id, result: { method: 'capabilities', capabilities } });
    expect(await answer).toEqual({ method: 'capabilities', capabilities });
    expect(engines[0]?.holds).toEqual([false, true, false]);
    engine.close();
  });

  it('a message that does not parse stops the engine host and fails what waits, in words', async () => {
    const { client: engine, engines } = client();
    const answer = engine.call(TARGET, CAPS, { host: 'h' });
    engines[0]?.say({ type: 'result', id: 1, result: { method: 'capabilities', capabilities: { tools: 'yes' } } });
    expect((await providerFailure(answer)).message).toMatch(/could not read/);
    expect(engines[0]?.killed()).toBe(true);
    void engine.call(TARGET, CAPS, { host: 'h' }).catch(() => undefined);
    expect(engines).toHaveLength(2);
    engine.close();
  });

  it('an abort sends the cancel to the engine host and ends the call aborted at once', async () => {
    const { client: engine, engines } = client();
    const controller = new AbortController();
    const answer = engine.call(TARGET, CAPS, { host: 'h', signal: controller.signal });
    controller.abort();
    expect((await providerFailure(answer)).kind).toBe('aborted');
    const call = engines[0]?.sent[0];
    expect(engines[0]?.sent[1]).toEqual({ type: 'cancel', id: call?.type === 'call' ? call.id : -1 });
    engine.close();
  });

  it('an engine host that dies fails every waiting call with words, and the next call starts another', async () => {
    const { client: engine, engines } = client();
    const first = engine.call(TARGET, CAPS, { host: 'h' });
    const second = engine.call(TARGET, { method: 'listModels' }, { host: 'h' });
    engines[0]?.exit({ code: null, signal: 'SIGKILL' });
    for (const failed of [first, second]) expect((await providerFailure(failed)).message).toMatch(/lack of memory/);
    void engine.call(TARGET, CAPS, { host: 'h' }).catch(() => undefined);
    expect(engines).toHaveLength(2);
    engine.close();
  });

  it('an error from the engine host keeps its kind and detail', async () => {
    const { client: engine, engines } = client();
    const answer = engine.call(TARGET, CAPS, { host: 'h' });
    const detail = { type: 'cut', contextFull: true, promptTokens: 200, completionTokens: 50 };
    engines[0]?.say({ type: 'error', id: 1, error: { kind: 'ollama-error', message: 'full', detail } });
    const failure = await providerFailure(answer);
    expect(failure).toMatchObject({ kind: 'ollama-error', message: 'full', host: 'h', detail });
    engine.close();
  });
});
