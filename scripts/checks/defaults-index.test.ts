import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../shared/constants';
import { importsOf, listSourceFiles } from './import-graph';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FOLDER = path.join(ROOT, 'shared', 'defaults');
// One file per concept, grouped in subfolders where a part of the app has many (renderer/).
const concepts = (readdirSync(FOLDER, { recursive: true }) as string[])
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .sort();

/** The `<NAME>_DEFAULTS` a concept's file exports. */
function exportedName(file: string): string {
  const match = /export const ([A-Z_]+_DEFAULTS) = \{/.exec(readFileSync(path.join(FOLDER, file), 'utf8'));
  if (!match?.[1]) throw new Error(`shared/defaults/${file} exports no <NAME>_DEFAULTS object`);
  return match[1];
}

describe('DEFAULTS: one index over one file per concept', () => {
  const index = readFileSync(path.join(ROOT, 'shared', 'constants.ts'), 'utf8');

  it.each(concepts)('shared/defaults/%s is composed into DEFAULTS exactly once, under its own name', (file) => {
    const name = exportedName(file);
    const key = path
      .basename(file)
      .replace(/\.ts$/, '')
      .replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    expect(index.match(new RegExp(`^  ${key}: ${name},$`, 'gm'))?.length).toBe(1);
    expect(Object.hasOwn(DEFAULTS, key)).toBe(true);
  });

  it('nothing but the index imports a concept file: every caller reads DEFAULTS', () => {
    const importers = listSourceFiles(ROOT)
      .filter((file) => file !== 'shared/constants.ts')
      .filter((file) =>
        importsOf(file, readFileSync(path.join(ROOT, file), 'utf8')).some((edge) => edge.target?.startsWith('shared/defaults/')),
      );
    expect(importers).toEqual([]);
  });
});
