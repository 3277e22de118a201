import { describe, expect, it } from 'vitest';
import { newServer } from '../../../shared/models/servers';
import { reply, standardModels, startFakeOllama, type Reply } from '../../../test-support/fake-ollama/index';
import { openAiModels, openAiReply, startFakeOpenAi, type OpenAiReply } from '../../../test-support/fake-openai/index';
import { createAppServices } from '../../services/app/app-services';
import { runCli, type CliIo } from './run-cli';
import { cleanupAfterEach } from '../../../test-support/cleanups';

/**
 * The CLI contract (--json events, exit codes 0/1/2, stop reasons) is the same whichever kind of
 * server answers: every scenario runs against the fake Ollama and the fake OpenAI-compatible
 * server, through the real providers, loop and tools, and the two event sequences must match.
 */
const cleanups = cleanupAfterEach();

function terminal(): CliIo & { out: () => string } {
  let out = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: () => true },
    env: {},
    onInterrupt: () => () => undefined,
    out: () => out,
  };
}

function dataDir(): string {
  const dir = cleanups.tempDir('taco-cli-servers-');
  return dir;
}

interface Scenario {
  name: string;
  ollama: Reply[];
  openai: OpenAiReply[];
  flags: string[];
  code: 0 | 1 | 2;
  reason: string;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'a plain answer',
    ollama: [reply.text('Hello there.')],
    openai: [openAiReply.text('Hello there.')],
    flags: [],
    code: 0,
    reason: 'complete',
  },
  {
    name: 'a tool task',
    ollama: [reply.toolCall('calculate', { expression: '6*7' }), reply.text('It is 42.')],
    openai: [openAiReply.toolCall('calculate', { expression: '6*7' }), openAiReply.text('It is 42.')],
    flags: ['--approve', 'read'],
    code: 0,
    reason: 'complete',
  },
  {
    name: 'a limit (max_iterations)',
    ollama: [reply.toolCall('calculate', { expression: '1+1' }), reply.text('Summary.')],
    openai: [openAiReply.toolCall('calculate', { expression: '1+1' }), openAiReply.text('Summary.')],
    flags: ['--approve', 'read', '--max-iterations', '1'],
    code: 2,
    reason: 'max_iterations',
  },
  {
    name: 'a server error',
    ollama: [reply.httpError(500, 'boom')],
    openai: [openAiReply.httpError(500, 'boom')],
    flags: [],
    code: 1,
    reason: 'provider_error',
  },
];

type Json = Record<string, unknown>;

function events(out: string): Json[] {
  return out
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Json);
}

/**
 * The event types in order, runs of the same streamed type collapsed (servers chunk text
 * differently); `status` left out (a status sentence depends on how long a tool took).
 */
function shape(list: Json[]): string[] {
  const types = list.map((event) => String(event.type)).filter((type) => type !== 'status');
  return types.filter((type, index) => !(index > 0 && types[index - 1] === type && (type === 'text-delta' || type === 'thinking-delta')));
}

async function viaOllama(scenario: Scenario): Promise<{ code: number; events: Json[] }> {
  const fake = await startFakeOllama({
    scenario: { name: scenario.name, description: '', models: standardModels(), replies: scenario.ollama },
  });
  cleanups.defer(() => fake.close());
  const io = terminal();
  const code = await runCli(
    ['--host', fake.url, '--model', 'llama3.2:3b', '--data-dir', dataDir(), '--json', ...scenario.flags, 'Do it'],
    io,
  );
  return { code, events: events(io.out()) };
}

async function viaOpenAi(scenario: Scenario, how: 'host' | 'server'): Promise<{ code: number; events: Json[]; authorization: string[] }> {
  const fake = await startFakeOpenAi({
    scenario: { name: scenario.name, models: [openAiModels.withTools('tooly')], replies: scenario.openai },
  });
  cleanups.defer(() => fake.close());
  const dir = dataDir();
  let target: string[];
  if (how === 'host') target = ['--host', fake.baseUrl, '--model', 'tooly'];
  else {
    const services = await createAppServices({ dataDir: dir, openExternal: async () => undefined });
    const saved = await services.handle('settings.set', {
      servers: [
        newServer({
          id: 'vllm',
          name: 'Team vLLM',
          kind: 'openai-compatible',
          baseUrl: fake.baseUrl,
          headers: { Authorization: 'Bearer t' },
        }),
      ],
    });
    expect(saved.ok).toBe(true);
    await services.dispose();
    target = ['--server', 'Team vLLM'];
  }
  const io = terminal();
  const code = await runCli([...target, '--data-dir', dir, '--json', ...scenario.flags, 'Do it'], io);
  return { code, events: events(io.out()), authorization: fake.requests.map((request) => request.headers.authorization ?? '') };
}

describe('the CLI contract is the same for an Ollama and an OpenAI-compatible server', () => {
  for (const scenario of SCENARIOS) {
    it(`${scenario.name}: exit ${scenario.code}, stop reason ${scenario.reason}, the same --json events`, async () => {
      const ollama = await viaOllama(scenario);
      const openai = await viaOpenAi(scenario, 'host');
      for (const result of [ollama, openai]) {
        expect(result.code).toBe(scenario.code);
        expect(result.events.at(-1)).toMatchObject({ type: 'run-finish', reason: scenario.reason });
      }
      expect(shape(openai.events)).toEqual(shape(ollama.events));
    });
  }

  it('--server NAME runs on a server from Settings (its first model, its headers)', async () => {
    const scenario = SCENARIOS[1]!;
    const result = await viaOpenAi(scenario, 'server');
    expect(result.code).toBe(0);
    expect(result.events.at(-1)).toMatchObject({ type: 'run-finish', reason: 'complete' });
    expect(result.authorization.every((value) => value === 'Bearer t')).toBe(true);
    expect(shape(result.events)).toEqual(shape((await viaOllama(scenario)).events));
  });

  it('--server with an unknown name exits 1 and names the servers there are', async () => {
    const io = terminal();
    let err = '';
    io.stderr = { write: (text: string) => (err += text) };
    expect(await runCli(['--server', 'nope', '--data-dir', dataDir(), 'hi'], io)).toBe(1);
    expect(err).toContain('There is no model server “nope”');
  });
});
