import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { cappedBodyFetch, listToolsWithinLimits, McpLimitError, type ToolLister } from './mcp-limits';
import { convertResult } from '../tools/mcp-result';
import { ProcessGroupTransport } from '../transport/process-group-transport';

const cleanups = cleanupAfterEach();
const tool = (name: string): Tool => ({ name, inputSchema: { type: 'object' } });

describe('tools/list within limits', () => {
  it('a server that always sends nextCursor fails after maxToolPages pages instead of growing memory', async () => {
    let pages = 0;
    const endless: ToolLister = {
      listTools: async () => {
        pages += 1;
        return { tools: [tool(`t${pages}`)], nextCursor: `c${pages}` };
      },
    };
    await expect(listToolsWithinLimits(endless, 30_000)).rejects.toThrow(/more than 20 pages/);
    expect(pages).toBe(DEFAULTS.mcp.maxToolPages);
  });

  it('more than maxTools tools fail with words', async () => {
    const many: ToolLister = {
      listTools: async () => ({ tools: Array.from({ length: DEFAULTS.mcp.maxTools + 1 }, (_, i) => tool(`t${i}`)) }),
    };
    await expect(listToolsWithinLimits(many, 30_000)).rejects.toThrow(/more than 500 tools/);
  });

  it('the pages share one deadline: each page gets what is left of it', async () => {
    let clock = 0;
    const timeouts: number[] = [];
    const slow: ToolLister = {
      listTools: async (_params, options) => {
        timeouts.push(options.timeout);
        clock += 400;
        return { tools: [tool(`t${timeouts.length}`)], nextCursor: 'more' };
      },
    };
    await expect(listToolsWithinLimits(slow, 1000, () => clock)).rejects.toBeInstanceOf(McpLimitError);
    expect(timeouts).toEqual([1000, 600, 200]);
  });
});

describe('result caps', () => {
  const png = (bytes: number): string => Buffer.alloc(bytes, 1).toString('base64');
  it('keeps at most maxImagesPerResult images and none larger than maxImageBytes; the rest are described', () => {
    const content = [
      { type: 'image', mimeType: 'image/png', data: png(DEFAULTS.mcp.maxImageBytes + 10) },
      ...Array.from({ length: 6 }, () => ({ type: 'image', mimeType: 'image/png', data: png(100) })),
    ];
    const converted = convertResult({ content });
    expect(converted.images).toHaveLength(DEFAULTS.mcp.maxImagesPerResult);
    expect(converted.text).toContain('not shown: larger than 2 MB');
    expect(converted.text).toContain('not shown: more than 4 images in one result');
  });

  it('an HTTP answer larger than the cap errors while it is read', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('x'.repeat(300_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const capped = cappedBodyFetch((input, init) => fetch(input, init), 100_000);
    await expect((await capped(url)).text()).rejects.toThrow(/larger than/);
    await expect((await cappedBodyFetch((input, init) => fetch(input, init), 1_000_000)(url)).text()).resolves.toHaveLength(300_000);
  });

  it.skipIf(process.platform === 'win32')(
    'a stdio line over the cap ends the server at once instead of leaving its call waiting',
    async () => {
      const script = `process.stdout.write('{"jsonrpc":"2.0","id":1,"result":"' + 'x'.repeat(${DEFAULTS.mcp.maxMessageBytes} + 10)); setInterval(() => {}, 1000);`;
      const transport = new ProcessGroupTransport({
        file: process.execPath,
        args: ['-e', script],
        env: { ...process.env } as Record<string, string>,
        cwd: undefined,
      });
      cleanups.defer(() => transport.close());
      const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
      const errors: string[] = [];
      transport.onerror = (error) => errors.push(error.message);
      await transport.start();
      await closed;
      expect(errors.join(' ')).toMatch(/exceeded maximum size/);
    },
  );
});
