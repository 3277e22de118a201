import { DEFAULTS } from '../../../../shared/constants';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventsFor, frame } from '../../../test/events';
import { memoryStorage, renderWithStore } from '../../../test/render-app';
import { StackPanel } from './StackPanel';

const e = eventsFor('c1', 'r1');

describe('StackPanel', () => {
  it('shows live frames nested under their parents, with states and depth against the limit', async () => {
    const { api, store } = await renderWithStore(<StackPanel />);
    expect(screen.getByRole('complementary', { name: 'Tool stack' })).toBeTruthy();
    expect(screen.getByTestId('stack-depth').textContent).toBe('0');
    await act(() => store.getState().send('go'));
    const outer = frame('f1', 'create_code', { callId: 'k1', state: 'waiting-tool', waitingFor: 'save_file' });
    const inner = frame('f2', 'save_file', { callId: 'k2', parentFrameId: 'f1', state: 'waiting-approval' });
    act(() =>
      api.emit([e.start(), e.call('k1', 'create_code'), e.call('k2', 'save_file', { path: 'hello.py' }), e.stack([outer, inner], 20)]),
    );

    const frames = screen.getAllByTestId('stack-frame');
    expect(frames.map((node) => node.dataset.state)).toEqual(['waiting-tool', 'waiting-approval']);
    expect(frames[0]?.textContent).toContain('Waiting for save_file');
    expect(within(frames[0] as HTMLElement).getAllByTestId('stack-frame')).toHaveLength(1);
    expect(screen.getByTestId('stack-depth').textContent).toBe('2 / 20');

    act(() => api.emit([e.result('k2', 'save_file', 'saved', 250), e.stack([{ ...outer, state: 'running' }])]));
    const after = screen.getAllByTestId('stack-frame');
    expect(after.map((node) => [node.dataset.state, node.dataset.active])).toEqual([
      ['running', 'true'],
      ['done', 'false'],
    ]);
    expect(after[1]?.textContent).toContain('250 ms');
    expect(screen.getByTestId('stack-depth').textContent).toBe('1 / 20');

    const user = userEvent.setup();
    await user.click(within(after[1] as HTMLElement).getByRole('button'));
    expect(after[1]?.textContent).toContain('"path": "hello.py"');
  });

  it('is a rail while the conversation has no frames and opens when a tool runs', async () => {
    const { api, store } = await renderWithStore(<StackPanel />);
    expect(screen.getByTestId('stack-panel').dataset.collapsed).toBe('true');
    await act(() => store.getState().send('go'));
    act(() => api.emit([e.start(), e.call('k1', 'read_file'), e.stack([frame('f1', 'read_file', { callId: 'k1' })], 20)]));
    expect(screen.getByTestId('stack-panel').dataset.collapsed).toBe('false');
  });

  it('collapses, and remembers it across reloads', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage({ [DEFAULTS.rendererStore.panelCollapsedKey]: 'false' });
    const first = await renderWithStore(<StackPanel />, { storage });
    const toggle = screen.getByTestId('stack-panel-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(screen.getByTestId('stack-panel').dataset.collapsed).toBe('true');
    expect(screen.getByTestId('stack-panel-toggle').getAttribute('aria-expanded')).toBe('false');
    expect(storage.data[DEFAULTS.rendererStore.panelCollapsedKey]).toBe('true');
    first.unmount();

    await renderWithStore(<StackPanel />, { storage });
    expect(screen.getByTestId('stack-panel').dataset.collapsed).toBe('true');
    await user.click(screen.getByTestId('stack-panel-toggle'));
    expect(screen.getByTestId('stack-panel').dataset.collapsed).toBe('false');
    expect(storage.data[DEFAULTS.rendererStore.panelCollapsedKey]).toBe('false');
  });
});
