import { describe, expect, it } from 'vitest';
import { normaliseOllamaHost, parseCliArgs, type CliOptions } from './cli-args';

function run(argv: string[], env: Record<string, string> = {}): CliOptions {
  const parsed = parseCliArgs(argv, env);
  if (parsed.type !== 'run') throw new Error(`expected run, got ${JSON.stringify(parsed)}`);
  return parsed.options;
}

function error(argv: string[], env: Record<string, string> = {}): string {
  const parsed = parseCliArgs(argv, env);
  if (parsed.type !== 'error') throw new Error(`expected an error, got ${JSON.stringify(parsed)}`);
  return parsed.message;
}

describe('parseCliArgs', () => {
  it('has defaults for everything but the prompt', () => {
    expect(run(['hi'])).toEqual({
      prompt: 'hi',
      host: 'http://127.0.0.1:11434',
      hostKind: 'ollama',
      gguf: null,
      contextSize: null,
      server: null,
      model: null,
      workspace: null,
      dataDir: null,
      json: false,
      approve: 'none',
      onDepthLimit: 'cancel',
      maxIterations: null,
      timeoutMs: null,
      maxTools: null,
      mcpConfig: null,
      elicitation: 'defaults',
      conversation: null,
      noMemory: false,
      listMemories: false,
      knowledge: [],
    });
  });

  it('reads every flag, with the value after a space or an =', () => {
    expect(
      run([
        '--host',
        'http://10.0.0.2:11434',
        '--model=qwen3:4b',
        '--workspace',
        '/tmp/ws',
        '--data-dir',
        '/tmp/data',
        '--json',
        '--approve',
        'read',
        '--on-depth-limit',
        'continue',
        '--max-iterations',
        '4',
        '--timeout-ms=5000',
        '--max-tools',
        '8',
        '--mcp-config',
        'servers.json',
        '--conversation',
        'c-1',
        '--no-memory',
        '--knowledge',
        '/tmp/notes',
        '--knowledge=/tmp/papers',
        'list',
        'my files',
      ]),
    ).toEqual({
      prompt: 'list my files',
      host: 'http://10.0.0.2:11434',
      hostKind: 'ollama',
      gguf: null,
      contextSize: null,
      server: null,
      model: 'qwen3:4b',
      workspace: '/tmp/ws',
      dataDir: '/tmp/data',
      json: true,
      approve: 'read',
      onDepthLimit: 'continue',
      maxIterations: 4,
      timeoutMs: 5000,
      maxTools: 8,
      mcpConfig: 'servers.json',
      elicitation: 'defaults',
      conversation: 'c-1',
      noMemory: true,
      listMemories: false,
      knowledge: ['/tmp/notes', '/tmp/papers'],
    });
    // --list-memories needs no prompt; a flag of this kind takes no value.
    expect(parseCliArgs(['--list-memories'])).toMatchObject({ type: 'run', options: { listMemories: true, prompt: '' } });
    expect(parseCliArgs(['--no-memory=yes', 'hi'])).toEqual({ type: 'error', message: '--no-memory takes no value.' });
  });

  it('--knowledge may be given more than once (each folder kept, in order) but never empty', () => {
    expect(run(['--knowledge', 'a', '--knowledge', 'b', '--knowledge', 'c', 'hi']).knowledge).toEqual(['a', 'b', 'c']);
    expect(error(['--knowledge', ' ', 'hi'])).toBe('--knowledge needs a folder, for example --knowledge ~/notes');
    expect(error(['--model', 'a', '--model', 'b', 'hi'])).toBe('--model is given twice.');
  });

  it('takes the host from OLLAMA_HOST when --host is absent, and --host wins over it', () => {
    expect(run(['hi'], { OLLAMA_HOST: 'http://box:1234' }).host).toBe('http://box:1234');
    expect(run(['hi'], { OLLAMA_HOST: 'box:1234' }).host).toBe('http://box:1234');
    expect(run(['--host', 'http://a:1', 'hi'], { OLLAMA_HOST: 'b:2' }).host).toBe('http://a:1');
    expect(error(['hi'], { OLLAMA_HOST: 'ftp://x' })).toContain('OLLAMA_HOST');
  });

  it('treats words after -- as the prompt, even if they look like flags', () => {
    expect(run(['--json', '--', '--model', 'is', 'a flag']).prompt).toBe('--model is a flag');
  });

  it('asks for help', () => {
    expect(parseCliArgs(['--help'])).toEqual({ type: 'help' });
    expect(parseCliArgs(['--model', 'x', '--help', 'hi'])).toEqual({ type: 'help' });
  });

  it.each([
    [[], 'prompt'],
    [['--frobnicate', 'hi'], 'Unknown flag --frobnicate'],
    [['-x', 'hi'], 'Unknown flag -x'],
    [['--model'], '--model needs a value'],
    [['--model', '--json', 'hi'], '--model needs a value'],
    [['--approve', 'some', 'hi'], '--approve must be all, none or read'],
    [['--on-depth-limit', 'maybe', 'hi'], '--on-depth-limit must be continue or cancel'],
    [['--max-iterations', 'ten', 'hi'], '--max-iterations must be a whole number'],
    [['--max-iterations', '0', 'hi'], 'between 1 and 100'],
    [['--timeout-ms', '10', 'hi'], 'between 1000'],
    [['--host', 'file:///etc', 'hi'], 'not an Ollama address'],
    [['--json=yes', 'hi'], '--json takes no value'],
    [['--model', 'a', '--model', 'b', 'hi'], 'given twice'],
  ])('refuses %j with words', (argv, words) => {
    expect(error(argv)).toContain(words);
  });
});

describe('normaliseOllamaHost', () => {
  it.each([
    ['http://127.0.0.1:11434', 'http://127.0.0.1:11434'],
    ['http://127.0.0.1:11434/', 'http://127.0.0.1:11434'],
    ['127.0.0.1:11435', 'http://127.0.0.1:11435'],
    ['localhost', 'http://localhost:11434'],
    ['0.0.0.0:11434', 'http://127.0.0.1:11434'],
    ['https://ollama.example.com', 'https://ollama.example.com'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseOllamaHost(input)).toBe(expected);
  });

  it.each(['', 'ftp://x', 'http://user:pw@host:1', 'http://'])('refuses %j', (input) => {
    expect(normaliseOllamaHost(input)).toBeNull();
  });

  it('reads --max-tools as a whole number from 0 (all tools) up', () => {
    expect(run(['--max-tools', '0', 'hi']).maxTools).toBe(0);
    expect(error(['--max-tools', 'many', 'hi'])).toBe('--max-tools must be a whole number (got "many").');
    expect(error(['--max-tools=5000', 'hi'])).toBe('--max-tools must be between 0 and 1000 (got 5000).');
  });
});

describe('model servers flags', () => {
  it('infers an OpenAI-compatible --host from /v1, takes --server-kind and --server', () => {
    expect(run(['--host', 'http://127.0.0.1:8000/v1', 'hi'])).toMatchObject({
      host: 'http://127.0.0.1:8000/v1',
      hostKind: 'openai-compatible',
    });
    expect(run(['--host', 'http://127.0.0.1:1234', '--server-kind', 'openai-compatible', 'hi'])).toMatchObject({
      host: 'http://127.0.0.1:1234',
      hostKind: 'openai-compatible',
    });
    expect(run(['--server', 'gpu-box', 'hi'])).toMatchObject({ server: 'gpu-box', hostKind: 'ollama' });
    expect(parseCliArgs(['--server-kind', 'vllm', 'hi'])).toMatchObject({
      type: 'error',
      message: expect.stringContaining('--server-kind must be'),
    });
  });

  it('--gguf makes the first server the built-in engine, and refuses a server flag beside it', () => {
    expect(run(['--gguf', '/m/tiny.gguf', '--json', '--approve', 'read', 'hi'])).toMatchObject({
      gguf: '/m/tiny.gguf',
      hostKind: 'built-in',
      json: true,
      approve: 'read',
    });
    for (const flag of [
      ['--host', 'http://127.0.0.1:11434'],
      ['--server-kind', 'ollama'],
      ['--server', 'box'],
    ])
      expect(parseCliArgs(['--gguf', '/m/tiny.gguf', ...flag, 'hi'])).toMatchObject({
        type: 'error',
        message: expect.stringContaining('--gguf'),
      });
    expect(parseCliArgs(['--gguf', ' ', 'hi'])).toMatchObject({ type: 'error', message: expect.stringContaining('--gguf needs') });
    expect(run(['--gguf', '/m/tiny.gguf', '--context-size', '8192', 'hi'])).toMatchObject({ contextSize: 8192 });
    expect(parseCliArgs(['--context-size', '8192', 'hi'])).toMatchObject({
      type: 'error',
      message: expect.stringContaining('goes with --gguf'),
    });
    expect(parseCliArgs(['--gguf', '/m/t.gguf', '--context-size', '10', 'hi'])).toMatchObject({ type: 'error' });
  });
});
