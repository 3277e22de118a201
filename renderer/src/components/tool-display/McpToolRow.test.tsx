import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventsFor, frame } from '../../../test/events';
import { PlainConversation } from '../../../test/plain-conversation';
import { renderWithStore } from '../../../test/render-app';
import { StackPanel } from '../stack/StackPanel';

const e = eventsFor('c1', 'r1');
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const SVG = btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
const LONG = 'mcp__everything__trigger-long-running-operation';

async function conversation() {
  const env = await renderWithStore(
    <>
      <PlainConversation />
      <StackPanel />
    </>,
  );
  await act(() => env.store.getState().send('hi'));
  return env;
}

describe('MCP calls in the tool row and the stack', () => {
  it('name the server, and show progress with its message while the call runs', async () => {
    const { api } = await conversation();
    act(() =>
      api.emit([
        e.start(),
        e.call('k1', LONG, { duration: '10', steps: '5' }, 'f1'),
        e.stack([frame('f1', LONG, { callId: 'k1', state: 'running' })]),
        e.progress('k1', 2, 5, 'Step 2 of 5'),
      ]),
    );
    const toolRow = screen.getByTestId('tool-row');
    expect(toolRow.dataset.server).toBe('everything');
    expect(within(toolRow).getByTestId('mcp-server-tag').textContent).toBe('MCP · everything');
    expect(toolRow.textContent).toContain('trigger-long-running-operation');
    const progress = within(toolRow).getByTestId('tool-progress');
    expect(progress.querySelector('progress')?.getAttribute('value')).toBe('40');
    expect(progress.textContent).toBe('Step 2 of 5 · 40%');

    const stackFrame = screen.getByTestId('stack-frame');
    expect(stackFrame.dataset.server).toBe('everything');
    expect(within(stackFrame).getByTestId('mcp-server-tag').textContent).toBe('MCP · everything');
    expect(within(stackFrame).getByTestId('tool-progress').textContent).toBe('Step 2 of 5 · 40%');

    act(() => api.emit([e.result('k1', LONG, 'Long running operation completed.'), e.stack([])]));
    expect(screen.queryByTestId('tool-progress')).toBeNull();
  });

  it('show images from a result only when they are real pictures', async () => {
    const user = userEvent.setup();
    const { api } = await conversation();
    act(() =>
      api.emit([
        e.start(),
        e.call('k1', 'mcp__everything__get-tiny-image', {}, 'f1'),
        e.stack([frame('f1', 'mcp__everything__get-tiny-image', { callId: 'k1', state: 'running' })]),
        e.imageResult('k1', 'mcp__everything__get-tiny-image', 'A tiny image', [PNG, SVG]),
      ]),
    );
    const images = within(screen.getByTestId('tool-row')).getByTestId('tool-images').querySelectorAll('img');
    expect([...images].map((image) => image.getAttribute('src'))).toEqual([`data:image/png;base64,${PNG}`]);
    expect(images[0]?.getAttribute('alt')).toBe('Picture 1 from get-tiny-image');

    await user.click(within(screen.getByTestId('stack-frame')).getByRole('button'));
    expect(within(screen.getByTestId('stack-frame')).getByTestId('tool-images').querySelectorAll('img')).toHaveLength(1);
  });

  it('leave built-in tools without a server tag', async () => {
    const { api } = await conversation();
    act(() => api.emit([e.start(), e.call('k1', 'read_file', { path: 'a.txt' })]));
    expect(screen.getByTestId('tool-row').dataset.server).toBeUndefined();
    expect(screen.queryByTestId('mcp-server-tag')).toBeNull();
  });
});
