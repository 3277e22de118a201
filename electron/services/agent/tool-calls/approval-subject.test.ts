import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JsonObject } from '../../../../shared/contract/json';
import type { RegisteredTool } from '../../../../tools/catalogue/tool-runtime-types';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { approvalSubject } from './approval-subject';

const cleanups = cleanupAfterEach();

const writeFile: RegisteredTool = {
  info: {
    toolId: 'write_file',
    description: '',
    type: 'function',
    category: 'files',
    parameters: {},
    returns: {},
    usageInstructions: '',
    risk: 'write',
    requiresApproval: true,
  },
  argsSchema: z.record(z.string(), z.any()) as unknown as z.ZodType<JsonObject>,
  definition: {
    type: 'function',
    function: { name: 'write_file', description: '', parameters: { type: 'object', properties: {}, required: [] } },
  },
  run: async () => ({ type: 'result', output: '' }),
};

describe('approvalSubject: warnings and scopes are decided on the resolved path', () => {
  it('a symbolic link hk -> .git/hooks makes hk/pre-commit a warned write scoped as .git/hooks/pre-commit', async () => {
    const workspace = cleanups.tempDir('taco-subject-');
    await mkdir(path.join(workspace, '.git', 'hooks'), { recursive: true });
    await symlink(path.join(workspace, '.git', 'hooks'), path.join(workspace, 'hk'));
    const subject = await approvalSubject(writeFile, { path: 'hk/pre-commit', content: '#!/bin/sh\n' }, workspace);
    expect(subject.warning).toMatch(/can make programs run/);
    expect(subject.scope.label).toBe('.git/hooks/pre-commit');
  });

  it('a plain file keeps its path and no warning', async () => {
    const workspace = cleanups.tempDir('taco-subject-');
    const subject = await approvalSubject(writeFile, { path: 'notes/a.md', content: '' }, workspace);
    expect(subject).toMatchObject({ warning: null, scope: { label: 'notes/a.md' } });
  });
});
