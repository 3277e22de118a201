import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { probeTaskSchema } from '../../../shared/probe/probe-task';
import { createScratchFolder, removeInBackground, scratchRemovalsSettled } from './scratch-folder';

const task = probeTaskSchema.parse({
  id: 'read_fact',
  title: 'Read a fact',
  measures: 'Reading.',
  prompt: 'What is in notes.txt?',
  files: { 'notes.txt': 'The code is 4417.', 'deep/inside/a.txt': 'a' },
  check: { answerIncludes: ['4417'] },
});

describe('the scratch folder of a try', () => {
  it('holds the task’s files, and is gone once the removals in the background have settled', async () => {
    const folders = await Promise.all([createScratchFolder(task), createScratchFolder(task)]);
    for (const folder of folders) expect(existsSync(`${folder.root}/deep/inside/a.txt`)).toBe(true);
    for (const folder of folders) removeInBackground(folder);
    await scratchRemovalsSettled();
    for (const folder of folders) expect(existsSync(folder.root)).toBe(false);
  });
});
