import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../shared/constants';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { readSkillFolder } from './skill-folder';
import { listSkills } from './skill-library';
import { writeSkill } from '../../../test-support/skills/write-skill';

const cleanups = cleanupAfterEach();

describe('readSkillFolder', () => {
  it('lists every file with its size and marks the scripts', async () => {
    const folder = writeSkill(cleanups.tempDir('skill-'), 'csv-report', {
      'scripts/run': 'echo hi',
      'helper.py': 'print(1)',
      'reference/notes.md': 'notes',
    });
    const read = await readSkillFolder(folder);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.files.map((file) => [file.path, file.script])).toEqual([
      ['helper.py', true],
      ['reference/notes.md', false],
      ['scripts/run', true],
      ['SKILL.md', false],
    ]);
    expect(read.value.totalBytes).toBe(read.value.files.reduce((sum, file) => sum + file.bytes, 0));
  });

  it('refuses a 50 MB skill without reading it', async () => {
    const folder = writeSkill(cleanups.tempDir('skill-'), 'big-skill');
    writeFileSync(join(folder, 'data.bin'), '');
    truncateSync(join(folder, 'data.bin'), 50 * 1024 * 1024);
    const read = await readSkillFolder(folder);
    expect(read).toEqual({ ok: false, reason: expect.stringMatching(/larger than 8\.0 MB/) });
  });

  it('refuses a link that leads outside the folder', async () => {
    const root = cleanups.tempDir('skill-');
    writeFileSync(join(root, 'secret.txt'), 'secret');
    const folder = writeSkill(root, 'linked');
    symlinkSync(join(root, 'secret.txt'), join(folder, 'notes.txt'));
    expect(await readSkillFolder(folder)).toEqual({ ok: false, reason: "notes.txt is a link to a place outside the skill's folder." });
  });

  it('refuses a SKILL.md that is itself a link outside', async () => {
    const root = cleanups.tempDir('skill-');
    const other = writeSkill(root, 'other');
    mkdirSync(join(root, 'linked'));
    symlinkSync(join(other, 'SKILL.md'), join(root, 'linked', 'SKILL.md'));
    const read = await readSkillFolder(join(root, 'linked'));
    expect(read.ok).toBe(false);
  });

  it('accepts a link that stays inside the folder', async () => {
    const folder = writeSkill(cleanups.tempDir('skill-'), 'inner-link', { 'a.md': 'a' });
    symlinkSync(join(folder, 'a.md'), join(folder, 'b.md'));
    expect((await readSkillFolder(folder)).ok).toBe(true);
  });

  it('refuses too many files, too deep a folder, a large SKILL.md and a missing one', async () => {
    const root = cleanups.tempDir('skill-');
    const many = Object.fromEntries(Array.from({ length: DEFAULTS.skills.maxFiles + 1 }, (_, i) => [`f${i}.md`, 'x']));
    expect(await readSkillFolder(writeSkill(root, 'many', many))).toEqual({
      ok: false,
      reason: expect.stringMatching(/more than 500 files/),
    });
    const deep = `${Array.from({ length: DEFAULTS.skills.maxDepth + 1 }, (_, i) => `d${i}`).join('/')}/x.md`;
    expect(await readSkillFolder(writeSkill(root, 'deep', { [deep]: 'x' }))).toEqual({
      ok: false,
      reason: expect.stringMatching(/deeper than/),
    });
    const large = writeSkill(root, 'large');
    writeFileSync(join(large, 'SKILL.md'), `---\nname: large\ndescription: x\n---\n${'y'.repeat(DEFAULTS.skills.maxSkillFileBytes)}`);
    expect(await readSkillFolder(large)).toEqual({ ok: false, reason: expect.stringMatching(/SKILL.md is larger/) });
    mkdirSync(join(root, 'empty'));
    expect(await readSkillFolder(join(root, 'empty'))).toEqual({ ok: false, reason: expect.stringMatching(/no SKILL.md/) });
  });
});

describe('listSkills', () => {
  it('lists each source, keeps the first of a name, and names each refused folder with its reason', async () => {
    const workspace = cleanups.tempDir('ws-');
    const global = cleanups.tempDir('global-');
    writeSkill(workspace, 'shared-name', {}, 'The workspace one.');
    writeSkill(global, 'shared-name', {}, 'The global one.');
    writeSkill(global, 'only-global');
    mkdirSync(join(global, 'Broken'));
    writeFileSync(join(global, 'Broken', 'SKILL.md'), 'no front matter');
    const listing = await listSkills([
      { kind: 'workspace', root: workspace },
      { kind: 'global', root: global },
      { kind: 'other-agent', root: join(global, 'missing') },
    ]);
    expect(listing.skills.map((skill) => [skill.name, skill.source, skill.description])).toEqual([
      ['shared-name', 'workspace', 'The workspace one.'],
      ['only-global', 'global', 'Does only-global things.'],
    ]);
    expect(listing.problems).toEqual([
      { folder: join(global, 'Broken'), source: 'global', reason: expect.stringMatching(/no front matter/) },
    ]);
  });
});
