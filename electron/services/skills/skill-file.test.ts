import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../shared/constants';
import { parseSkillFile } from './skill-file';

const file = (front: string, body = '# Steps\n\nDo the thing.'): string => `---\n${front}\n---\n${body}\n`;
const good = 'name: release-notes\ndescription: Writes release notes from a list of merged changes.';

describe('parseSkillFile', () => {
  it('reads the name, description, optional fields and the instructions', () => {
    const parsed = parseSkillFile(
      file(`${good}\nlicense: MIT\ncompatibility: Needs git.\nmetadata:\n  author: someone\nallowed-tools: run_command`),
      'release-notes',
    );
    expect(parsed).toEqual({
      ok: true,
      skill: {
        name: 'release-notes',
        description: 'Writes release notes from a list of merged changes.',
        license: 'MIT',
        compatibility: 'Needs git.',
        body: '# Steps\n\nDo the thing.',
      },
    });
  });

  it.each([
    ['no front matter', '# Just a heading\n', /no front matter/],
    ['front matter never closed', '---\nname: a\ndescription: b\n# body', /no front matter/],
    ['YAML that does not parse', file('name: [unclosed\ndescription: x'), /not valid YAML/],
    ['a duplicated key', file('name: release-notes\nname: release-notes\ndescription: x'), /not valid YAML/],
    ['a list instead of fields', file('- name\n- description'), /set of fields/],
    ['no name', file('description: x'), /name is missing/],
    ['a name that is not text', file('name: 12\ndescription: x'), /name is missing/],
    ['an upper-case name', file('name: Release-Notes\ndescription: x'), /lowercase/],
    ['an underscore', file('name: release_notes\ndescription: x'), /lowercase/],
    ['a leading hyphen', file('name: -release\ndescription: x'), /lowercase/],
    ['a trailing hyphen', file('name: release-\ndescription: x'), /lowercase/],
    ['two hyphens in a row', file('name: release--notes\ndescription: x'), /lowercase/],
    ['a name past 64 characters', file(`name: ${'a'.repeat(DEFAULTS.skills.maxNameChars + 1)}\ndescription: x`), /at most 64/],
    ['a name unlike its folder', file('name: other-name\ndescription: x'), /must match its folder/],
    ['no description', file('name: release-notes'), /description is missing/],
    ['an empty description', file('name: release-notes\ndescription: "  "'), /description is missing/],
    [
      'a description past 1024 characters',
      file(`name: release-notes\ndescription: ${'d'.repeat(DEFAULTS.skills.maxDescriptionChars + 1)}`),
      /at most 1024/,
    ],
    [
      'compatibility past 500 characters',
      file(`${good}\ncompatibility: ${'c'.repeat(DEFAULTS.skills.maxCompatibilityChars + 1)}`),
      /at most 500/,
    ],
    ['compatibility that is not text', file(`${good}\ncompatibility: [a, b]`), /compatibility field must be text/],
    ['a license that is not text', file(`${good}\nlicense: {a: 1}`), /license must be text/],
    ['metadata that is a list', file(`${good}\nmetadata: [a]`), /metadata field/],
    ['allowed-tools that is a list', file(`${good}\nallowed-tools: [a]`), /allowed-tools/],
    ['no instructions', file(good, ''), /no instructions/],
  ])('refuses %s, saying why', (_case, text, reason) => {
    const parsed = parseSkillFile(text, 'release-notes');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });

  it('accepts the longest name and description the rules allow', () => {
    const name = 'a'.repeat(DEFAULTS.skills.maxNameChars);
    expect(parseSkillFile(file(`name: ${name}\ndescription: ${'d'.repeat(DEFAULTS.skills.maxDescriptionChars)}`), name).ok).toBe(true);
  });

  it('accepts a byte-order mark and Windows line ends', () => {
    expect(parseSkillFile(`\uFEFF${file(good)}`.replace(/\n/g, '\r\n'), 'release-notes').ok).toBe(true);
  });
});
