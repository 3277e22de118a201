import { describe, expect, it } from 'vitest';
import { inTurnsOfTheirOwn } from './call-turns';

describe('calls in turns of their own', () => {
  it('finishes a call whose awaits are already settled before the next call starts, in the order given', async () => {
    const steps: string[] = [];
    let allDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (allDone = resolve));
    const handle = inTurnsOfTheirOwn((name: string) => {
      void (async () => {
        steps.push(`${name} starts`);
        // An answer that is ready: settled promises only, as conversations.list once the store is read.
        await Promise.resolve();
        await Promise.resolve();
        steps.push(`${name} answered`);
        if (name === 'third') allDone();
      })();
    });
    // Frames that arrive together: handed over in one synchronous loop.
    handle('first');
    handle('second');
    handle('third');
    expect(steps).toEqual([]);
    await done;
    expect(steps).toEqual(['first starts', 'first answered', 'second starts', 'second answered', 'third starts', 'third answered']);
  });
});
