import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { reply, standardModels, startFakeOllama } from '../../../test-support/fake-ollama/index';
import { parseApiArgs } from './api-args';

const ROOT = resolve(__dirname, '..', '..', '..');
const MAIN = join(ROOT, 'electron', 'hosts', 'api', 'api-main.ts');
const KEY = 'headless-key-0123456789';
const cleanups = cleanupAfterEach();

describe('npm run api', () => {
  it('prints its address on its own line once it listens, answers with the key, and stops on SIGTERM', async () => {
    const ollama = await startFakeOllama({
      scenario: { name: 'api-main', description: 'headless API', models: standardModels(), replies: [reply.text('Headless hello.')] },
    });
    cleanups.defer(() => ollama.close());
    const dataDir = cleanups.tempDir('taco-api-main-');
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--host', ollama.url, '--port', '0', '--data-dir', dataDir], {
      cwd: ROOT,
      // The key in the environment: never on the command line, which other local users can read.
      env: { ...process.env, OLLAMA_HOST: '', FORCE_COLOR: '0', TACO_API_KEY: KEY },
    });
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    cleanups.defer(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    });
    const url = await new Promise<string>((found, fail) => {
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        const match = /^TACO API at (http:\/\/127\.0\.0\.1:\d+\/v1)$/m.exec(stdout);
        if (match?.[1]) found(match[1]);
      });
      child.on('close', (code) => fail(new Error(`exited ${code} before printing its address`)));
    });
    const client = new OpenAI({ baseURL: url, apiKey: KEY, maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: 'llama3.2:3b',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of completion) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Headless hello.');
    await expect(new OpenAI({ baseURL: url, apiKey: 'wrong-key-0123456789', maxRetries: 0 }).models.list()).rejects.toMatchObject({
      status: 401,
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('parseApiArgs', () => {
  it('needs a key of at least 16 characters (never from --key) and a valid port', () => {
    expect(parseApiArgs(['--port', '0'])).toMatchObject({ type: 'error', message: expect.stringContaining('TACO_API_KEY') });
    expect(parseApiArgs([], { TACO_API_KEY: 'short' })).toMatchObject({ type: 'error' });
    expect(parseApiArgs(['--key', KEY])).toMatchObject({ type: 'error', message: expect.stringContaining('--key is refused') });
    expect(parseApiArgs(['--port', '70000'], { TACO_API_KEY: KEY })).toMatchObject({
      type: 'error',
      message: expect.stringContaining('--port'),
    });
    expect(parseApiArgs(['--port=0', '--host', '127.0.0.1:11434', '--data-dir', '/tmp/x'], { TACO_API_KEY: KEY })).toEqual({
      type: 'run',
      options: {
        key: { type: 'env', value: KEY },
        port: 0,
        host: 'http://127.0.0.1:11434',
        dataDir: '/tmp/x',
        workspace: null,
        allowApprovals: false,
      },
    });
  });
});
