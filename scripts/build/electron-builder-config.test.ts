import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load: (text: string) => unknown };

function readConfig(): Record<string, unknown> {
  return yaml.load(readFileSync(join(ROOT, 'build', 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
}

describe('build/electron-builder.yml', () => {
  it('flips every security fuse (the packaged binary is locked down)', () => {
    expect(readConfig().electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the app into an asar (what onlyLoadAppFromAsar and the integrity check rely on)', () => {
    expect(readConfig().asar).toBe(true);
  });

  it("is valid for electron-builder's own schema (a misspelt fuse or option fails here, not at release time)", () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    expect(validate(readConfig()), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...readConfig(), electronFuses: { runAsNod: false } })).toBe(false);
  });
});
