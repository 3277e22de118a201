import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';

class FakeUtilityProcess extends EventEmitter {
  readonly posted: unknown[] = [];
  killed = false;
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  kill(): boolean {
    this.killed = true;
    this.emit('exit', 9);
    return true;
  }
}

const forks = vi.hoisted(() => ({ made: [] as { entry: string; options: unknown; child: unknown }[] }));
vi.mock('electron', () => ({
  utilityProcess: {
    fork: (entry: string, _args: string[], options: unknown) => {
      const child = new FakeUtilityProcess();
      forks.made.push({ entry, options, child });
      return child;
    },
  },
}));

const { utilityEngineLauncher, ENGINE_HOST_PATH } = await import('./utility-engine-process');

describe('the engine host as an Electron utility process', () => {
  it('forks the bundled engine host beside main and carries messages both ways and its end', () => {
    const engine = utilityEngineLauncher()();
    const made = forks.made.at(-1);
    expect(made?.entry).toBe(ENGINE_HOST_PATH());
    expect(made?.entry).toMatch(/engine-host\.js$/);
    const child = made?.child as FakeUtilityProcess;
    const received: unknown[] = [];
    const exits: unknown[] = [];
    engine.onMessage((message) => received.push(message));
    engine.onExit((how) => exits.push(how));
    engine.send({ type: 'exit' });
    expect(child.posted).toEqual([{ type: 'exit' }]);
    child.emit('message', { type: 'result' });
    expect(received).toEqual([{ type: 'result' }]);
    engine.kill();
    expect(child.killed).toBe(true);
    expect(exits).toEqual([{ code: 9, signal: null }]);
  });
});
