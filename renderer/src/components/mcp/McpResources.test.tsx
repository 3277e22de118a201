import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../../test/fake-api';
import { mcpServer } from '../../../test/mcp';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';
import { McpResourceLinks, resourceLinks } from './McpResourceLinks';

// The words main gives a resource_link block (electron/services/mcp/tools/mcp-result.ts).
const RESULT =
  'Here are 2 resource links:\n[resource link: Blob Resource 1 <demo://resource/dynamic/blob/1> — binary]\n[resource link: Text Resource 2 <demo://resource/dynamic/text/2> — plaintext resource]';

describe('MCP resources in the renderer', () => {
  it('finds the resource links in a tool result', () => {
    expect(resourceLinks(RESULT)).toEqual([
      { name: 'Blob Resource 1', uri: 'demo://resource/dynamic/blob/1' },
      { name: 'Text Resource 2', uri: 'demo://resource/dynamic/text/2' },
    ]);
    expect(resourceLinks('no links here')).toEqual([]);
  });

  it('opens a resource link of a tool result in the app: main reads it, the text shows as text', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('mcp.resources.read', (req) => ({
      server: req.server,
      uri: req.uri,
      mimeType: 'text/plain',
      text: '<b>resource two</b>',
      truncated: false,
    }));
    await renderWithStore(<McpResourceLinks server="everything" result={RESULT} />, { api });
    await user.click(screen.getAllByTestId('mcp-resource-open')[1] as HTMLElement);
    expect(api.callsOf('mcp.resources.read')).toEqual([{ server: 'everything', uri: 'demo://resource/dynamic/text/2' }]);
    expect((await screen.findByTestId('mcp-resource-text')).textContent).toBe('<b>resource two</b>');
    expect(document.querySelector('[data-testid="mcp-resource-text"] b')).toBeNull();
  });

  it('attaches a resource as a chip (name, server, size; removable), never pasted: main is asked to read it when the message is sent', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('mcp.list', () => ({ servers: [mcpServer('everything')] }));
    api.handle('mcp.resources.list', () => ({
      resources: [
        { server: 'everything', uri: 'demo://resource/static/document/a.md', name: 'a.md', description: '', mimeType: 'text/markdown' },
        { server: 'everything', uri: 'demo://resource/static/document/b.md', name: 'b.md', description: '', mimeType: 'text/markdown' },
      ],
    }));
    api.handle('mcp.resources.read', (req) => ({
      server: req.server,
      uri: req.uri,
      mimeType: 'text/markdown',
      text: 'x'.repeat(10_000),
      truncated: false,
    }));
    await renderWithStore(<App />, { api });
    await user.type(screen.getByTestId('composer'), 'Summarise this');
    await user.click(await screen.findByTestId('attach-resource'));
    // A searchable list: typing filters it.
    await user.keyboard('b.md');
    const items = await screen.findAllByTestId('attach-resource-item');
    expect(items.map((item) => item.textContent)).toEqual(['b.mddemo://resource/static/document/b.md']);
    await user.keyboard('{Enter}');
    const chip = await screen.findByTestId('resource-chip');
    expect(chip.textContent).toContain('b.md');
    expect(chip.textContent).toContain('everything · 10.0k characters');
    expect((screen.getByTestId('composer') as HTMLTextAreaElement).value).toBe('Summarise this');

    await user.click(screen.getByTestId('send-button'));
    expect(api.callsOf('chat.send').at(-1)).toMatchObject({
      text: 'Summarise this',
      resources: [{ server: 'everything', uri: 'demo://resource/static/document/b.md' }],
    });
    expect(screen.queryByTestId('resource-chip')).toBeNull();
  });

  it('a chip can be removed before sending, and then nothing is attached', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('mcp.list', () => ({ servers: [mcpServer('everything')] }));
    api.handle('mcp.resources.list', () => ({
      resources: [{ server: 'everything', uri: 'demo://a', name: 'a.md', description: '', mimeType: null }],
    }));
    api.handle('mcp.resources.read', (req) => ({ server: req.server, uri: req.uri, mimeType: null, text: '# A', truncated: false }));
    await renderWithStore(<App />, { api });
    await user.type(screen.getByTestId('composer'), 'Hello');
    await user.click(await screen.findByTestId('attach-resource'));
    await user.click(await screen.findByTestId('attach-resource-item'));
    await user.click(await screen.findByRole('button', { name: 'Remove a.md' }));
    expect(screen.queryByTestId('resource-chip')).toBeNull();
    await user.click(screen.getByTestId('send-button'));
    expect(api.callsOf('chat.send').at(-1)).not.toHaveProperty('resources');
  });
});
