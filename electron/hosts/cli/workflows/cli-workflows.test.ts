import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeOllama } from '../../../../test-support/fake-ollama/fake-ollama-server';
import { WORKFLOW_REPLIES } from '../../../../test-support/fake-ollama/scenarios/tools/workflows';
import { cli, cliWithoutRelay, jsonLines } from '../testing/spawn-cli';
import { cleanupAfterAll } from '../../../../test-support/cleanups';

/**
 * Workflows where a script would check them: every built-in workflow end to end through
 * the CLI (--json) against the fake Ollama, a denied approval mid-workflow, a declined confirm,
 * Stop during a step, and bad params.
 */
let ollama: FakeOllama;
const { tempDir, defer } = cleanupAfterAll();

beforeAll(async () => {
  ollama = await startFakeOllama({ scenario: 'workflows' });
  defer(() => ollama.close());
});

function workspace(files: Record<string, string> = {}): string {
  const dir = tempDir('taco-wf-ws-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

async function runWorkflow(
  workflowId: string,
  params: Record<string, string>,
  flags: string[],
  onStdout?: Parameters<typeof cli>[1],
  spawnCli: typeof cli = cli,
) {
  const args = ['--host', ollama.url, '--model', 'llama3.2:3b', '--data-dir', tempDir('taco-wf-data-'), '--json', '--workflow', workflowId];
  for (const [name, value] of Object.entries(params)) args.push('--param', `${name}=${value}`);
  const finished = await spawnCli([...args, ...flags], onStdout);
  const events = jsonLines(finished.stdout);
  const ofType = (type: string) => events.filter((event) => event.type === type);
  const steps = ofType('workflow-step').filter((event) => event.state !== 'running');
  const text = ofType('text-delta')
    .map((event) => String(event.text))
    .join('');
  return { ...finished, events, ofType, steps, text, finish: ofType('workflow-finish')[0], last: events.at(-1) };
}

describe.concurrent('every built-in workflow runs end to end through the CLI', () => {
  it('summarise_file: read_file then a summary; one run, exit 0', async () => {
    const ws = workspace({ 'notes.txt': 'Hello reader.\n' });
    const result = await runWorkflow('summarise_file', { file: 'notes.txt' }, ['--workspace', ws]);
    expect(result.code).toBe(0);
    expect(result.ofType('workflow-start')[0]).toMatchObject({
      workflowId: 'summarise_file',
      params: { file: 'notes.txt', length: 'five bullet points' },
    });
    expect(result.steps.map((step) => [step.index, step.state])).toEqual([
      [0, 'done'],
      [1, 'done'],
    ]);
    expect(String(result.steps[0]?.summary)).toContain('Hello reader.');
    expect(result.text).toBe(WORKFLOW_REPLIES.summary);
    // The summary is the model's answer, once: the prompt step's done event does not carry it again.
    expect(result.steps[1]?.summary).toBeNull();
    expect(result.ofType('run-start')).toHaveLength(1);
    expect(result.ofType('run-finish')).toHaveLength(1);
    expect(result.finish).toMatchObject({ reason: 'complete' });
    expect(result.last).toMatchObject({ type: 'run-finish', reason: 'complete' });
  });

  it('explain_folder: lists the folder, the model reads a key file, then explains', async () => {
    const ws = workspace({ 'README.md': '# demo\n', 'src/app.py': 'print(1)\n' });
    const result = await runWorkflow('explain_folder', {}, ['--workspace', ws]);
    expect(result.code).toBe(0);
    expect(result.ofType('tool-call').map((event) => event.tool)).toEqual(['list_directory', 'read_file']);
    expect(result.text).toContain(WORKFLOW_REPLIES.explanation);
    expect(result.finish).toMatchObject({ reason: 'complete' });
  });

  it('draft_commit_message: git diff runs after its approval, then the message', async () => {
    const ws = workspace({ 'hello.txt': 'hello\n' });
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: ws });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'first');
    writeFileSync(join(ws, 'hello.txt'), 'hello, world\n');
    const result = await runWorkflow('draft_commit_message', {}, ['--workspace', ws, '--approve', 'all']);
    expect(result.code).toBe(0);
    expect(result.ofType('approval-request')[0]).toMatchObject({ tool: 'run_command', args: { command: 'git --no-pager diff HEAD' } });
    expect(String(result.ofType('tool-result')[0]?.result)).toContain('+hello, world');
    expect(result.text).toBe(WORKFLOW_REPLIES.commitMessage);
  });

  it('create_project: plan, confirm, then every write approved; the files exist', async () => {
    const ws = workspace();
    const result = await runWorkflow('create_project', { description: 'a hello world script', folder: 'app' }, [
      '--workspace',
      ws,
      '--approve',
      'all',
      '--confirm',
      'yes',
    ]);
    expect(result.code).toBe(0);
    expect(result.ofType('workflow-confirm')[0]?.message).toContain(WORKFLOW_REPLIES.plan);
    expect(result.ofType('approval-request')).toHaveLength(2);
    expect(readFileSync(join(ws, 'app/hello.py'), 'utf8')).toBe('print("hello")\n');
    expect(existsSync(join(ws, 'app/README.md'))).toBe(true);
    expect(result.steps.map((step) => step.state)).toEqual(['done', 'done', 'done']);
  });

  it('rename_identifier: search, confirm the list, edit with a diff', async () => {
    const ws = workspace({ 'src/main.py': 'def old_thing():\n    return 1\n\nprint(old_thing())\n' });
    const result = await runWorkflow('rename_identifier', { old_name: 'old_thing', new_name: 'new_thing' }, [
      '--workspace',
      ws,
      '--approve',
      'all',
      '--confirm',
      'yes',
    ]);
    expect(result.code).toBe(0);
    expect(result.ofType('workflow-confirm')[0]?.message).toContain('src/main.py');
    expect(String(result.ofType('approval-request')[0]?.preview)).toContain('+def new_thing():');
    expect(readFileSync(join(ws, 'src/main.py'), 'utf8')).toBe('def new_thing():\n    return 1\n\nprint(new_thing())\n');
    expect(result.finish).toMatchObject({ reason: 'complete' });
  });
});

describe.concurrent('a workflow stops where the user says no', () => {
  it('a denied approval in a tool step: the workflow stops, nothing after it runs, the reason is shown', async () => {
    const ws = workspace({ 'hello.txt': 'hello\n' });
    const result = await runWorkflow('draft_commit_message', {}, ['--workspace', ws, '--approve', 'none']);
    expect(result.code).toBe(2);
    expect(result.ofType('approval-resolved')[0]).toMatchObject({ decision: 'deny' });
    expect(result.steps.map((step) => [step.index, step.state])).toEqual([
      [0, 'failed'],
      [1, 'skipped'],
    ]);
    expect(result.finish).toMatchObject({ reason: 'denied', message: expect.stringContaining('You denied run_command in step 1') });
    expect(result.text).toBe('');
    expect(result.last).toMatchObject({
      type: 'run-finish',
      reason: 'cancelled',
      message: expect.stringContaining('You denied run_command'),
    });
  });

  it('a denied write in a prompt step stops at once: the two writes were asked as one batch, neither runs', async () => {
    const ws = workspace();
    const result = await runWorkflow('create_project', { description: 'a hello world script', folder: 'app' }, [
      '--workspace',
      ws,
      '--approve',
      'none',
      '--confirm',
      'yes',
    ]);
    expect(result.code).toBe(2);
    // Both writes are asked as one batch; the first denial withdraws what was not yet asked.
    const asked = result.ofType('approval-request');
    expect(asked.length).toBeGreaterThanOrEqual(1);
    for (const event of asked) expect(event.batch).toMatchObject({ size: 2 });
    expect(result.ofType('tool-result')).toHaveLength(0);
    expect(result.finish).toMatchObject({ reason: 'denied' });
    expect(result.steps.map((step) => step.state)).toEqual(['done', 'done', 'failed']);
    expect(existsSync(join(ws, 'app'))).toBe(false);
  });

  it('a declined confirm: the writing step is skipped and nothing is written', async () => {
    const ws = workspace();
    const result = await runWorkflow('create_project', { description: 'a hello world script', folder: 'app' }, [
      '--workspace',
      ws,
      '--approve',
      'all',
    ]);
    expect(result.code).toBe(2);
    expect(result.ofType('workflow-confirmed')[0]).toMatchObject({ accepted: false });
    expect(result.steps.map((step) => step.state)).toEqual(['done', 'failed', 'skipped']);
    expect(result.finish).toMatchObject({ reason: 'declined' });
    expect(result.ofType('approval-request')).toHaveLength(0);
    expect(existsSync(join(ws, 'app'))).toBe(false);
  });

  it('Stop (SIGINT) during a prompt step cancels the workflow; the later steps are skipped', async () => {
    const ws = workspace({ 'slow.txt': 'please stall here\n' });
    let signalled = false;
    const result = await runWorkflow(
      'summarise_file',
      { file: 'slow.txt' },
      ['--workspace', ws],
      (stdout, child) => {
        if (!signalled && /"type":"workflow-step","[^\n]*"index":1,"stepType":"prompt","state":"running"/.test(stdout)) {
          signalled = true;
          child.kill('SIGINT');
        }
      },
      cliWithoutRelay,
    );
    expect(signalled).toBe(true);
    expect(result.code).toBe(2);
    expect(result.steps.map((step) => [step.index, step.state])).toEqual([
      [0, 'done'],
      [1, 'failed'],
    ]);
    expect(result.finish).toMatchObject({ reason: 'cancelled' });
    expect(result.last).toMatchObject({ type: 'run-finish', reason: 'cancelled' });
  });
});

describe.concurrent('the workflow flags', () => {
  it('missing and invalid params exit 1 with one message per field, and nothing runs', async () => {
    const ws = workspace({ 'notes.txt': 'x' });
    const result = await runWorkflow('summarise_file', { length: 'a novel', colour: 'red' }, ['--workspace', ws]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--param file: File is required');
    expect(result.stderr).toContain('--param length: Length must be one of: one paragraph, five bullet points, one sentence');
    expect(result.stderr).toContain('--param colour:');
    expect(result.ofType('run-start')).toHaveLength(0);
  });

  it('a file param outside the workspace is refused before anything runs', async () => {
    const ws = workspace();
    const result = await runWorkflow('summarise_file', { file: '../secret.txt' }, ['--workspace', ws]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/--param file: .*outside the workspace/i);
  });

  it('an unknown workflow exits 1 naming --list-workflows', async () => {
    const result = await runWorkflow('frobnicate', {}, []);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--list-workflows');
  });

  it('--list-workflows prints every built-in by category', async () => {
    const finished = await cli(['--host', ollama.url, '--data-dir', tempDir('taco-wf-data-'), '--list-workflows']);
    expect(finished.code).toBe(0);
    for (const id of ['summarise_file', 'explain_folder', 'draft_commit_message', 'create_project', 'rename_identifier']) {
      expect(finished.stdout).toContain(id);
    }
    expect(finished.stdout).toMatch(/^Files$/m);
  });
});
