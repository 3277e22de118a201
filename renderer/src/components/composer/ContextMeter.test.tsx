import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { Composer } from './Composer';
import { shortTokens } from './context-meter-state';

function usage(run: ReturnType<typeof eventsFor>, promptTokens: number, completionTokens: number, contextTokens: number): TacoEvent {
  const base = run.usage();
  return { ...base, promptTokens, completionTokens, contextTokens } as TacoEvent;
}

describe('the context meter beside Send', () => {
  it('is absent before the conversation has a step, then shows the tokens used of num_ctx', async () => {
    const { api, store } = await renderWithStore(<Composer />);
    expect(screen.queryByTestId('context-meter')).toBeNull();
    await act(() => store.getState().send('go'));
    const e = eventsFor('c1', 'r1');
    act(() => api.emit([e.user('go', 'm1'), e.start(), usage(e, 3000, 180, 8192), e.finish()]));
    const meter = screen.getByTestId('context-meter');
    expect(meter.getAttribute('role')).toBe('meter');
    expect(meter.getAttribute('aria-valuenow')).toBe('3180');
    expect(meter.getAttribute('aria-valuemax')).toBe('8192');
    expect(meter.dataset.level).toBe('ok');
    expect(meter.textContent).toBe('3.2k / 8.2k');
    expect(meter.getAttribute('aria-valuetext')).toBe('3,180 of 8,192 tokens of context used.');
  });

  it('turns amber near the limit and red with advice when the window is full; the newest step counts', async () => {
    const { api, store } = await renderWithStore(<Composer />);
    await act(() => store.getState().send('go'));
    const e = eventsFor('c1', 'r1');
    act(() => api.emit([e.user('go', 'm1'), e.start(), usage(e, 6900, 100, 8192)]));
    expect(screen.getByTestId('context-meter').dataset.level).toBe('near');
    expect(screen.getByTestId('context-meter').getAttribute('aria-valuetext')).toMatch(/nearly full/);
    act(() => api.emit([e.truncatedUsage(8192, 8192), e.finish()]));
    const meter = screen.getByTestId('context-meter');
    expect(meter.dataset.level).toBe('full');
    expect(meter.getAttribute('aria-valuenow')).toBe('8192');
    expect(meter.getAttribute('aria-valuetext')).toMatch(/raise the context size/);
  });

  it('a cut context (Ollama evaluated fewer tokens than sent) is full even below the size', async () => {
    const { api, store } = await renderWithStore(<Composer />);
    await act(() => store.getState().send('go'));
    const e = eventsFor('c1', 'r1');
    act(() => api.emit([e.user('go', 'm1'), e.start(), e.usage(30, true), e.finish()]));
    expect(screen.getByTestId('context-meter').dataset.level).toBe('full');
  });

  it('writes short figures', () => {
    expect([shortTokens(950), shortTokens(3180), shortTokens(40_960), shortTokens(131_072)]).toEqual(['950', '3.2k', '41k', '131k']);
  });
});
