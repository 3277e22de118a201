import { describe, expect, it } from 'vitest';
import { qualifyToolNames } from './tool-names';

describe('qualifyToolNames', () => {
  it('keeps a plain name readable: mcp__<server>__<tool>', () => {
    expect(qualifyToolNames('files', ['read_file', 'list-dir']).get('read_file')).toBe('mcp__files__read_file');
    expect(qualifyToolNames('files', ['read_file', 'list-dir']).get('list-dir')).toBe('mcp__files__list-dir');
  });

  it('replaces characters outside [A-Za-z0-9_-] and adds a hash, so "a.b" and "a_b" stay apart', () => {
    const names = qualifyToolNames('srv', ['a.b', 'a_b', 'a b', 'ü']);
    expect(names.get('a_b')).toBe('mcp__srv__a_b');
    expect(names.get('a.b')).toMatch(/^mcp__srv__a_b_[0-9a-f]{8}$/);
    expect(names.get('a b')).toMatch(/^mcp__srv__a_b_[0-9a-f]{8}$/);
    expect(new Set(names.values()).size).toBe(4);
    for (const name of names.values()) expect(name).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('cuts names over 64 characters with a hash, distinct even when the first 64 agree', () => {
    const long = 'x'.repeat(80);
    const names = qualifyToolNames('a-server-name-of-32-characters-x', [`${long}1`, `${long}2`]);
    const values = [...names.values()];
    expect(values.every((name) => name.length <= 64)).toBe(true);
    expect(values.every((name) => name.startsWith('mcp__a-server-name-of-32-characters-x__'))).toBe(true);
    expect(new Set(values).size).toBe(2);
  });

  it('cannot collide even with a tool literally named like another’s hashed form', () => {
    const hashed = qualifyToolNames('s', ['a.b']).get('a.b') ?? '';
    const literal = hashed.slice('mcp__s__'.length);
    const names = qualifyToolNames('s', ['a.b', literal]);
    expect(names.get(literal)).toBe(hashed);
    expect(names.get('a.b')).not.toBe(hashed);
    expect(new Set(names.values()).size).toBe(2);
  });

  it('is stable: the same tools get the same names in any order', () => {
    expect([...qualifyToolNames('s', ['b.c', 'a', 'b_c']).entries()].sort()).toEqual(
      [...qualifyToolNames('s', ['b_c', 'b.c', 'a']).entries()].sort(),
    );
  });
});
