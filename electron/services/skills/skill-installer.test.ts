import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { writeSkill } from '../../../test-support/skills/write-skill';
import { writeZip } from '../../../test-support/skills/zip-writer';
import { DEFAULTS } from '../../../shared/constants';
import { createSkillInstaller } from './skill-installer';
import { onDisk } from './skill-handlers';
import { gitCloneLine, gitUrlProblem, type SkillCloner } from './skill-git';
import { listSkills } from './skill-library';
import { skillSources } from './skill-sources';

const cleanups = cleanupAfterEach();
const SKILL_MD =
  '---\nname: csv-report\ndescription: Turns a CSV file into a short report.\n---\n# CSV report\n\nRead the file, then summarise.\n';
const noClone: SkillCloner = async () => 'no clone in this test';

function setup(clone: SkillCloner = noClone) {
  const dataDir = cleanups.tempDir('data-');
  return { dataDir, installer: createSkillInstaller({ dataDir, clone }), zip: join(cleanups.tempDir('zip-'), 'skill.zip') };
}

function installedNames(dataDir: string): string[] {
  const root = join(dataDir, 'skills');
  return existsSync(root) ? readdirSync(root).filter((name) => !name.startsWith('.')) : [];
}

describe('skill install: a preview first, then exactly what it listed', () => {
  it('from a zip with a top folder: lists files, sizes and scripts, adds nothing until confirmed', async () => {
    const { dataDir, installer, zip } = setup();
    writeZip(zip, [
      { name: 'csv-report/SKILL.md', data: SKILL_MD, deflate: true },
      { name: 'csv-report/scripts/summarise.py', data: 'print("hi")' },
    ]);
    const preview = await installer.preview({ kind: 'zip', path: zip }, { scope: 'global' });
    expect(preview).toMatchObject({
      ok: true,
      name: 'csv-report',
      replaces: false,
      files: [
        { path: 'scripts/summarise.py', bytes: 11, script: true },
        { path: 'SKILL.md', bytes: Buffer.byteLength(SKILL_MD), script: false },
      ],
    });
    expect(installedNames(dataDir)).toEqual([]);
    if (!preview.ok) return;
    const done = await installer.install(preview.previewId);
    expect(done.name).toBe('csv-report');
    const listing = await listSkills(skillSources({ dataDir }));
    expect(listing.skills.map((skill) => [skill.name, skill.source, skill.scripts])).toEqual([
      ['csv-report', 'global', ['scripts/summarise.py']],
    ]);
    await expect(installer.install(preview.previewId)).rejects.toThrow(/preview is gone/);
    expect(readdirSync(join(dataDir, 'skill-staging'))).toEqual([]);
  });

  it('from a zip with SKILL.md at its top, into a project', async () => {
    const { dataDir, installer, zip } = setup();
    writeZip(zip, [{ name: 'SKILL.md', data: SKILL_MD }]);
    const preview = await installer.preview({ kind: 'zip', path: zip }, { scope: 'project', projectId: 'p1' });
    if (!preview.ok) throw new Error(preview.reason);
    await installer.install(preview.previewId);
    expect(readFileSync(join(dataDir, 'project-skills', 'p1', 'csv-report', 'SKILL.md'), 'utf8')).toBe(SKILL_MD);
  });

  it.each([
    ['a ../ entry', [{ name: '../evil.sh', data: 'x' }], /invalid relative path|outside/],
    ['a nested ../ entry', [{ name: 'csv-report/../../evil.sh', data: 'x' }], /invalid relative path|outside/],
    ['an absolute path', [{ name: '/etc/evil', data: 'x' }], /absolute path|outside/],
    ['a backslash path', [{ name: '..\\evil', data: 'x' }], /invalid characters|outside/],
    [
      'a link',
      [
        { name: 'csv-report/SKILL.md', data: SKILL_MD },
        { name: 'csv-report/key', data: '/home/user/.ssh/id_rsa', symlink: true },
      ],
      /is a link/,
    ],
    [
      'a bomb (5 MB of zeros in a few KB)',
      [
        { name: 'csv-report/SKILL.md', data: SKILL_MD },
        { name: 'csv-report/zeros.bin', data: Buffer.alloc(5 * 1024 * 1024), deflate: true },
      ],
      /zip bomb/,
    ],
    [
      'a 50 MB skill',
      [
        { name: 'csv-report/SKILL.md', data: SKILL_MD },
        { name: 'csv-report/big.bin', data: 'x'.repeat(4000), deflate: true, declaredSize: 50 * 1024 * 1024 },
      ],
      /more than 8\.0 MB/,
    ],
    [
      'a header that lies about its size',
      [
        { name: 'csv-report/SKILL.md', data: SKILL_MD },
        { name: 'csv-report/a.txt', data: 'x'.repeat(4000), declaredSize: 10 },
      ],
      /cannot be unpacked|too many bytes|size/,
    ],
    ['a malformed SKILL.md', [{ name: 'csv-report/SKILL.md', data: '# no front matter' }], /no front matter/],
    [
      'no SKILL.md',
      [
        { name: 'a/readme.md', data: 'x' },
        { name: 'b/readme.md', data: 'x' },
      ],
      /No SKILL.md/,
    ],
  ])('refuses a zip with %s, says why, and leaves nothing behind', async (_case, entries, reason) => {
    const { dataDir, installer, zip } = setup();
    writeZip(zip, entries);
    const preview = await installer.preview({ kind: 'zip', path: zip }, { scope: 'global' });
    expect(preview).toEqual({ ok: false, reason: expect.stringMatching(reason) });
    expect(readdirSync(join(dataDir, 'skill-staging'))).toEqual([]);
    expect(installedNames(dataDir)).toEqual([]);
    expect(existsSync(join(dataDir, '..', 'evil.sh'))).toBe(false);
  });

  it('from a zip picked in the window (its bytes): staged and checked like a zip on disk; a hostile one refused the same way', async () => {
    const { dataDir, installer, zip } = setup();
    writeZip(zip, [{ name: 'csv-report/SKILL.md', data: SKILL_MD, deflate: true }]);
    const base64 = readFileSync(zip).toString('base64');
    const preview = await installer.preview({ kind: 'zip-upload', name: 'skill.zip', base64 }, { scope: 'global' });
    expect(preview).toMatchObject({ ok: true, name: 'csv-report', files: [{ path: 'SKILL.md' }] });
    expect(installedNames(dataDir)).toEqual([]);
    writeZip(zip, [{ name: '../escape/SKILL.md', data: SKILL_MD }]);
    const hostile = await installer.preview(
      { kind: 'zip-upload', name: 'x.zip', base64: readFileSync(zip).toString('base64') },
      { scope: 'global' },
    );
    expect(hostile.ok).toBe(false);
    const tooLarge = Buffer.alloc(DEFAULTS.skills.maxUploadBytes + 1).toString('base64');
    expect(await installer.preview({ kind: 'zip-upload', name: 'big.zip', base64: tooLarge }, { scope: 'global' })).toEqual({
      ok: false,
      reason: expect.stringMatching(/larger than .*give its path instead/),
    });
    // Only the first preview's staging is kept (till install or cancel); the refused ones left nothing.
    expect(readdirSync(join(dataDir, 'skill-staging'))).toHaveLength(1);
  });

  it('a relative folder is the folder browser’s: inside the workspace; with no workspace it is refused', () => {
    expect(onDisk({ kind: 'folder', path: 'skills/notes' }, '/home/me/work')).toEqual({
      kind: 'folder',
      path: '/home/me/work/skills/notes',
    });
    expect(onDisk({ kind: 'zip', path: '/tmp/a.zip' }, '/home/me/work')).toEqual({ kind: 'zip', path: '/tmp/a.zip' });
    expect(onDisk({ kind: 'folder', path: 'notes' }, null)).toEqual({ reason: expect.stringMatching(/not a full path/) });
  });

  it('refuses a file that is not a zip', async () => {
    const { installer, zip } = setup();
    writeFileSync(zip, 'not a zip');
    expect(await installer.preview({ kind: 'zip', path: zip }, { scope: 'global' })).toEqual({
      ok: false,
      reason: expect.stringMatching(/not a zip/),
    });
  });

  it('from a folder: copies the listed files, refuses a link that leads out', async () => {
    const { dataDir, installer } = setup();
    const source = cleanups.tempDir('src-');
    writeSkill(source, 'notes-helper', { 'reference/a.md': 'a' });
    const preview = await installer.preview({ kind: 'folder', path: join(source, 'notes-helper') }, { scope: 'global' });
    if (!preview.ok) throw new Error(preview.reason);
    expect(preview.files.map((file) => file.path)).toEqual(['reference/a.md', 'SKILL.md']);
    await installer.install(preview.previewId);
    expect(installedNames(dataDir)).toEqual(['notes-helper']);

    writeFileSync(join(source, 'outside.txt'), 'secret');
    symlinkSync(join(source, 'outside.txt'), join(source, 'notes-helper', 'leak.txt'));
    expect(await installer.preview({ kind: 'folder', path: join(source, 'notes-helper') }, { scope: 'global' })).toEqual({
      ok: false,
      reason: "leak.txt is a link to a place outside the skill's folder.",
    });
  });

  it('says when installing replaces a skill of the same name, and a cancelled preview adds nothing', async () => {
    const { dataDir, installer } = setup();
    const source = cleanups.tempDir('src-');
    writeSkill(source, 'notes-helper');
    writeSkill(join(dataDir, 'skills'), 'notes-helper');
    const preview = await installer.preview({ kind: 'folder', path: join(source, 'notes-helper') }, { scope: 'global' });
    expect(preview).toMatchObject({ ok: true, replaces: true });
    if (preview.ok) await installer.cancel(preview.previewId);
    expect(readdirSync(join(dataDir, 'skill-staging'))).toEqual([]);
  });

  it('from a git address: cloned by the cloner into the staging folder, its .git left out', async () => {
    const clone: SkillCloner = async (_url, into) => {
      writeSkill(into, 'skill', { '.git/HEAD': 'ref' }, 'A skill from git.');
      // A clone lands in "skill"; its front matter names it.
      writeFileSync(join(into, 'skill', 'SKILL.md'), SKILL_MD);
      return null;
    };
    const { installer } = setup(clone);
    const preview = await installer.preview({ kind: 'git', url: 'https://example.com/skills/csv-report.git' }, { scope: 'global' });
    expect(preview).toMatchObject({ ok: true, name: 'csv-report', files: [{ path: 'SKILL.md' }] });
    const refused = setup(async () => 'git clone failed: Could not resolve host');
    expect(await refused.installer.preview({ kind: 'git', url: 'https://example.com/x.git' }, { scope: 'global' })).toEqual({
      ok: false,
      reason: 'git clone failed: Could not resolve host',
    });
  });

  it('takes only https git addresses, and quotes the address for the shell', () => {
    expect(gitUrlProblem('https://github.com/a/b.git')).toBeNull();
    for (const url of ['file:///etc', 'ssh://git@github.com/a/b', 'ext::sh -c touch% /tmp/x', '/local/repo', 'http://example.com/a.git'])
      expect(gitUrlProblem(url)).not.toBeNull();
    expect(gitUrlProblem('https://user:pw@example.com/a.git')).toMatch(/user name or password/);
    expect(gitCloneLine("https://example.com/a'b.git")).toContain("-- 'https://example.com/a'\\''b.git' skill");
    expect(gitCloneLine('https://example.com/a.git')).toContain('--template=');
  });

  it('removes only skills installed in TACO', async () => {
    const { dataDir, installer } = setup();
    const folder = writeSkill(join(dataDir, 'skills'), 'gone-soon');
    await installer.remove(folder);
    expect(existsSync(folder)).toBe(false);
    const elsewhere = writeSkill(cleanups.tempDir('ws-'), 'kept');
    await expect(installer.remove(elsewhere)).rejects.toThrow(/Only skills installed in TACO/);
    expect(existsSync(elsewhere)).toBe(true);
  });
});
