import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { McpServerConfig, McpServerView } from '../../../../shared/mcp/mcp';
import { filesystemServer, MCP_TEST_TIMEOUT_MS } from '../../../../test-support/mcp/mcp-test-servers';
import { mcpHarnessesClosedAfterEach } from '../testing/mcp-harness';
import { serverLocation } from '../config/server-location';
import { fingerprint, PINS_FILE_NAME } from './tool-pinning';
import type { PinsFile } from './tool-pins-file';

/**
 * The pins as the MCP service keeps them for stdio servers (the real filesystem server from
 * node_modules): a server whose command or arguments change is another server and is reviewed
 * again; removing one of two servers at the same location leaves the other's pins.
 */
const { harness, cleanups } = mcpHarnessesClosedAfterEach();
const checked = (view: McpServerView): boolean =>
  view.status === 'ready' && view.tools.every((one) => !one.changes?.includes('not checked yet'));
const trusted = (config: McpServerConfig): McpServerConfig => ({ ...config, approval: 'trusted-read', enabled: true });
const pinsIn = (dataDir: string): PinsFile => JSON.parse(readFileSync(path.join(dataDir, PINS_FILE_NAME), 'utf8')) as PinsFile;

describe('a stdio server whose command or arguments change is reviewed again', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('another folder argument, then another command for the same program: every tool asks until accepted', async () => {
    const [first, second] = [cleanups.tempDir('taco-pins-a-'), cleanups.tempDir('taco-pins-b-')];
    const h = harness({ files: trusted(filesystemServer(first)) });
    expect((await h.waitFor('files', checked)).tools.every((one) => one.changes === undefined)).toBe(true);
    expect(h.tool('mcp__files__read_text_file').info).toMatchObject({ requiresApproval: false });

    const moved = trusted(filesystemServer(second));
    await h.service.save('files', moved, true);
    const view = await h.waitFor('files', (each) => checked(each) && each.args.includes(second));
    expect(view.tools.length).toBeGreaterThan(0);
    expect(view.tools.every((one) => one.changes?.includes('new tool'))).toBe(true);
    expect(h.tool('mcp__files__read_text_file').info).toMatchObject({ requiresApproval: true });
    expect(pinsIn(h.dataDir).locations[serverLocation(moved)]).toEqual({});

    await h.service.acceptToolChanges('files');
    await h.waitFor('files', (each) => checked(each) && each.tools.every((one) => one.changes === undefined));
    expect(h.tool('mcp__files__read_text_file').info).toMatchObject({ requiresApproval: false });

    // The same program under another command (node's full path): another location, reviewed again.
    await h.service.save('files', { ...moved, command: process.execPath }, true);
    const again = await h.waitFor('files', (each) => checked(each) && each.command === process.execPath);
    expect(again.tools.every((one) => one.changes?.includes('new tool'))).toBe(true);
    expect(h.tool('mcp__files__read_text_file').info).toMatchObject({ requiresApproval: true });
  });
});

describe('two servers at one location share its pins', { timeout: MCP_TEST_TIMEOUT_MS }, () => {
  it('removing one leaves what was reviewed for the other; removing the last forgets them', async () => {
    const folder = cleanups.tempDir('taco-pins-shared-');
    const config = trusted(filesystemServer(folder));
    const location = serverLocation(config);
    const dataDir = cleanups.tempDir('taco-pins-data-');
    // What the user reviewed at this location: an earlier read_text_file, so a review there shows the change.
    const earlier = fingerprint({ name: 'read_text_file', description: 'Earlier words.', inputSchema: { type: 'object' } });
    writeFileSync(
      path.join(dataDir, PINS_FILE_NAME),
      JSON.stringify({ version: 2, locations: { [location]: { read_text_file: earlier } }, unplaced: [] }),
    );
    const h = harness({ one: config, two: config }, { dataDir });
    const changedTool = (view: McpServerView) => view.tools.find((one) => one.name === 'read_text_file')?.changes;
    expect(changedTool(await h.waitFor('one', checked))).toContain('description');
    expect(changedTool(await h.waitFor('two', checked))).toContain('description');

    await h.service.remove('one');
    expect(pinsIn(dataDir).locations[location]).toMatchObject({ read_text_file: earlier });
    await h.close();

    // The next start: "two" is still reviewed against what the user saw, not pinned afresh as it is now.
    const later = harness({ two: config }, { dataDir });
    expect(changedTool(await later.waitFor('two', checked))).toContain('description');
    expect(later.tool('mcp__two__read_text_file').info).toMatchObject({ requiresApproval: true });

    await later.service.remove('two');
    expect(Object.hasOwn(pinsIn(dataDir).locations, location)).toBe(false);
  });
});
