import { existsSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { probeTaskSchema, type ProbeTask } from '../../../shared/probe/probe-task';
import { createScratchFolder, type ScratchFolder } from './scratch-folder';
import { createScratchSupply } from './scratch-supply';

const task = (id: string): ProbeTask =>
  probeTaskSchema.parse({
    id,
    title: 'Read a fact',
    measures: 'Reading.',
    prompt: 'What is in notes.txt?',
    files: { 'notes.txt': 'The code is 4417.' },
    check: { answerIncludes: ['4417'] },
  });

/** A supply whose every folder made is kept here, to see what is left on disk. */
function countedSupply(): { supply: ReturnType<typeof createScratchSupply>; made: ScratchFolder[] } {
  const made: ScratchFolder[] = [];
  const supply = createScratchSupply(async (of) => {
    const folder = await createScratchFolder(of);
    made.push(folder);
    return folder;
  });
  return { supply, made };
}

describe('the check’s supply of scratch folders', () => {
  it('gives every try a fresh folder of its own, the next one made while a try runs', async () => {
    const { supply, made } = countedSupply();
    const read = task('read_fact');
    const first = await supply.take(read);
    writeFileSync(`${first.root}/notes.txt`, 'changed by the model');
    writeFileSync(`${first.root}/extra.txt`, 'left by the model');
    supply.release(first);
    const second = await supply.take(read);
    expect(second.root).not.toBe(first.root);
    expect(existsSync(`${second.root}/extra.txt`)).toBe(false);
    // The second try's folder was the one made during the first: two made so far, a third under way for a next try.
    expect(made.slice(0, 2).map((folder) => folder.root)).toEqual([first.root, second.root]);
    supply.release(second);
    await supply.close();
  });

  it('removes every folder, the used ones and those made ahead and never taken, before close resolves', async () => {
    const { supply, made } = countedSupply();
    for (const id of ['a', 'b', 'c']) {
      supply.release(await supply.take(task(id)));
      // As a try does, wait: the task's next folder is made meanwhile.
      await supply.idle();
    }
    await supply.close();
    // Three taken, and one made ahead for each task's next try.
    expect(made).toHaveLength(6);
    for (const folder of made) expect(existsSync(folder.root)).toBe(false);
    await expect(supply.take(task('a'))).rejects.toThrow(/check is over/);
  });

  it('is idle once the used folder is gone and the next one is made', async () => {
    const { supply, made } = countedSupply();
    const read = task('read_fact');
    const first = await supply.take(read);
    supply.release(first);
    await supply.idle();
    expect(existsSync(first.root)).toBe(false);
    // The folder made ahead is there, untouched, for the next try.
    expect(made).toHaveLength(2);
    expect(existsSync(`${made[1]?.root}/notes.txt`)).toBe(true);
    const second = await supply.take(read);
    expect(second.root).toBe(made[1]?.root);
    supply.release(second);
    await supply.close();
  });

  it('makes the next folder once the try waits, not inside take() on the try’s path', async () => {
    let calls = 0;
    const supply = createScratchSupply(async (of) => {
      calls += 1;
      return createScratchFolder(of);
    });
    const read = task('read_fact');
    const first = await supply.take(read);
    // Only the try's own folder so far: the next one waits for the try's first pause.
    expect(calls).toBe(1);
    await supply.idle();
    expect(calls).toBe(2);
    supply.release(first);
    await supply.close();
  });

  it('makes no folder ahead once the check is closed before the try pauses', async () => {
    let calls = 0;
    const supply = createScratchSupply(async (of) => {
      calls += 1;
      return createScratchFolder(of);
    });
    const first = await supply.take(task('read_fact'));
    supply.release(first);
    await supply.close();
    expect(calls).toBe(1);
    expect(existsSync(first.root)).toBe(false);
  });

  it('makes a folder on the spot when the one made ahead failed', async () => {
    let calls = 0;
    const supply = createScratchSupply(async (of) => {
      calls += 1;
      if (calls === 2) throw new Error('disk full');
      return createScratchFolder(of);
    });
    const read = task('read_fact');
    supply.release(await supply.take(read));
    const again = await supply.take(read);
    expect(existsSync(`${again.root}/notes.txt`)).toBe(true);
    supply.release(again);
    await supply.close();
  });
});
