import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../shared/constants';

/** The differences from the design documents are written down with the values the code uses. */
const doc = readFileSync(join(__dirname, '..', '..', 'ARCHITECTURE.md'), 'utf8');
const start = doc.indexOf('## Deliberate differences from the design documents');
const next = doc.indexOf('\n## ', start + 1);
const section = doc.slice(start, next === -1 ? undefined : next);
const row = (name: string): string => section.split('\n').find((line) => line.includes(`\`${name}\``)) ?? '';

describe('ARCHITECTURE.md: deliberate differences from the design documents', () => {
  it('states the values in shared/constants.ts', () => {
    expect(row('maxIterations')).toMatch(new RegExp(`\\| ${DEFAULTS.maxIterations} \\|`));
    expect(row('runTimeoutMs')).toContain(`| ${DEFAULTS.runTimeoutMs / 60_000} minutes |`);
    expect(row('maxConsecutiveErrors')).toContain(`${DEFAULTS.maxConsecutiveErrors} in a row`);
    expect(section).toContain('`terminate`');
  });

  it('the constants say which design document says what, not a single misquoted number', () => {
    const source = readFileSync(join(__dirname, '..', '..', 'shared', 'constants.ts'), 'utf8');
    expect(source).not.toContain('(the design documents say 10)');
    expect(source).not.toContain('(the design documents say 2 minutes)');
    expect(source).toContain('tool-execution-loop 12');
    expect(source).toContain('agent-mode suggests 5');
  });
});
