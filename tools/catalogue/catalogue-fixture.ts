import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A throwaway tools/ folder for loader tests. */
export interface CatalogueFixture {
  root: string;
  writeConfig(category: string, toolId: string, config: unknown): Promise<void>;
  writeFile(relative: string, text: string): Promise<void>;
  writeImplementation(category: string, toolId: string, source?: string): Promise<void>;
  remove(): Promise<void>;
}

export const OK_IMPLEMENTATION = "export const run = async () => ({ type: 'result', output: 'ok' });\n";

export async function createCatalogueFixture(): Promise<CatalogueFixture> {
  const base = await mkdtemp(path.join(tmpdir(), 'taco-catalogue-'));
  const root = path.join(base, 'tools');
  await mkdir(root);
  const put = async (relative: string, text: string) => {
    const file = path.join(root, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text, 'utf8');
  };
  return {
    root,
    writeConfig: (category, toolId, config) => put(`${category}/${toolId}.json`, JSON.stringify(config, null, 2)),
    writeFile: put,
    writeImplementation: (category, toolId, source = OK_IMPLEMENTATION) => put(`${category}/${toolId}.ts`, source),
    remove: () => rm(base, { recursive: true, force: true }),
  };
}

/** A valid config; override fields to make it invalid. */
export function sampleConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    tool_id: 'echo_text',
    description: 'Echo the text back.',
    type: 'function',
    category: 'utility',
    parameters: {
      text: { type: 'string', description: 'What to echo.', required: true },
    },
    returns: { text: 'string' },
    usage_instructions: 'Use echo_text to test tools.',
    risk: 'read',
    requires_approval: false,
    ...overrides,
  };
}
