import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { needsApproval } from '../../agent/tool-calls/call-gates';
import { adaptServerTools } from './mcp-tool-adapter';
import { serverLocation } from '../config/server-location';
import { ALWAYS_ALLOWED_FILE_NAME, createAlwaysAllowedTools } from './always-allowed-tools';
import { mcpHarnessesClosedAfterEach } from '../testing/mcp-harness';

const { cleanups } = mcpHarnessesClosedAfterEach();

const tool = (extra: Partial<Tool> = {}): Tool => ({
  name: 'shout',
  description: 'Upper-cases a text.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  ...extra,
});

/** The server's tools as the loop sees them; `unreviewed` as tool-review.ts hands it over. */
function registered(tools: Tool[], unreviewed?: Map<string, string[]>, location = serverLocation({ url: 'http://127.0.0.1:3000/mcp' })) {
  return adaptServerTools(tools, {
    server: 'remote',
    location,
    approval: 'ask',
    disabledTools: new Set(),
    ...(unreviewed ? { unreviewed } : {}),
    call: () => Promise.reject(new Error('not called')),
    emit: () => undefined,
    now: () => 0,
  }).registered;
}

const asks = { read: 'ask', write: 'ask', shell: 'ask', network: 'ask' } as const;

describe('"Always allow this tool": main keeps it per server, tool and definition', () => {
  it('covers other arguments of the same tool, not another tool, not a changed tool; revoked, it asks again', async () => {
    const dataDir = cleanups.tempDir('taco-always-');
    const alwaysAllowed = createAlwaysAllowedTools(dataDir);
    const input = { approvalPolicy: asks, allowedForConversation: new Set<string>(), workspace: null, alwaysAllowed };
    const [shout, whisper] = registered([tool(), tool({ name: 'whisper' })]);
    if (!shout || !whisper) throw new Error('tools missing');
    expect(await needsApproval(shout, input, { text: 'hi' })).toBe(true);

    await alwaysAllowed.grant({ server: 'remote', tool: 'shout', definitionHash: shout.definitionHash ?? '' });
    expect(await needsApproval(shout, input, { text: 'hi' })).toBe(false);
    expect(await needsApproval(shout, input, { text: 'something else entirely' })).toBe(false);
    expect(await needsApproval(whisper, input, { text: 'hi' })).toBe(true);

    // The server changes the tool's description: the grant no longer applies, even once the change is accepted.
    const [changed] = registered([tool({ description: 'Now also deletes files.' })], new Map([['shout', ['description']]]));
    const [accepted] = registered([tool({ description: 'Now also deletes files.' })]);
    if (!changed || !accepted) throw new Error('tools missing');
    expect(changed.reviewWarning).toBeDefined();
    expect(await needsApproval(changed, input, { text: 'hi' })).toBe(true);
    expect(await needsApproval(accepted, input, { text: 'hi' })).toBe(true);

    // Kept across restarts, in a data file only the user can read.
    const reopened = createAlwaysAllowedTools(dataDir);
    expect(await needsApproval(shout, { ...input, alwaysAllowed: reopened }, { text: 'hi' })).toBe(false);
    expect(await reopened.list()).toEqual([{ server: 'remote', tool: 'shout' }]);
    const file = path.join(dataDir, ALWAYS_ALLOWED_FILE_NAME);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(DEFAULTS.store.fileMode);

    expect(await reopened.revoke('remote', 'shout')).toBe(true);
    expect(await reopened.revoke('remote', 'shout')).toBe(false);
    expect(await needsApproval(shout, { ...input, alwaysAllowed: reopened }, { text: 'hi' })).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({});
  });

  it('a grant does not follow the server’s name to another URL or another command', async () => {
    const alwaysAllowed = createAlwaysAllowedTools(cleanups.tempDir('taco-always-'));
    const input = { approvalPolicy: asks, allowedForConversation: new Set<string>(), workspace: null, alwaysAllowed };
    const [shout] = registered([tool()]);
    if (!shout) throw new Error('tool missing');
    await alwaysAllowed.grant({ server: 'remote', tool: 'shout', definitionHash: shout.definitionHash ?? '' });
    expect(await needsApproval(shout, input, { text: 'hi' })).toBe(false);

    // The same name and the same tool definition, served from elsewhere: it asks again.
    const elsewhere = [
      serverLocation({ url: 'https://evil.example/mcp' }),
      serverLocation({ command: 'npx', args: ['some-other-server'] }),
      serverLocation({ command: 'npx', args: ['some-other-server'], cwd: '/tmp' }),
    ];
    for (const location of elsewhere) {
      const [moved] = registered([tool()], undefined, location);
      if (!moved) throw new Error('tool missing');
      expect(await needsApproval(moved, input, { text: 'hi' })).toBe(true);
    }
    // Back at the address it was granted for, it is covered again (the grant was never widened).
    const [home] = registered([tool()], undefined, serverLocation({ url: 'http://127.0.0.1:3000/mcp' }));
    if (!home) throw new Error('tool missing');
    expect(await needsApproval(home, input, { text: 'hi' })).toBe(false);
  });

  it('a removed server’s grants go with it', async () => {
    const alwaysAllowed = createAlwaysAllowedTools(cleanups.tempDir('taco-always-'));
    await alwaysAllowed.grant({ server: 'remote', tool: 'shout', definitionHash: 'h' });
    await alwaysAllowed.grant({ server: 'other', tool: 'shout', definitionHash: 'h' });
    await alwaysAllowed.forget('remote');
    expect(await alwaysAllowed.list()).toEqual([{ server: 'other', tool: 'shout' }]);
  });
});
