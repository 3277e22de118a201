import { describe, expect, it } from 'vitest';
import { startNode } from './bench-processes';
import { runStage } from './bench-stage';

/** A node process that says it is ready and then runs until it is ended. */
const LINGERING = ['-e', "console.log('ready'); setInterval(() => {}, 1000);"];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('a part of the benchmark', () => {
  it('that fails after starting processes ends every one of them before it reports the failure', async () => {
    const pids: number[] = [];
    const lines: string[] = [];
    const outcome = await runStage(
      async () => {
        for (let index = 0; index < 2; index += 1) pids.push((await startNode(LINGERING, 'lingering', /ready/)).pid);
        expect(pids.every(alive)).toBe(true);
        throw new Error('the browser did not open');
      },
      (line) => lines.push(line),
    );
    expect(outcome).toEqual({ type: 'failed', message: 'the browser did not open' });
    expect(pids.some(alive)).toBe(false);
    expect(lines).toEqual(['  ended 2 processes the part left running']);
  });

  it('that stops its own processes leaves nothing to end', async () => {
    const lines: string[] = [];
    const outcome = await runStage(
      async () => {
        const child = await startNode(LINGERING, 'lingering', /ready/);
        await child.stop();
        return child.pid;
      },
      (line) => lines.push(line),
    );
    expect(outcome.type).toBe('ok');
    expect(outcome.type === 'ok' && alive(outcome.value)).toBe(false);
    expect(lines).toEqual([]);
  });
});
