import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, model } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';
import type { PullProgressEvent } from '../../../../shared/contract/events';

const progress = (overrides: Partial<PullProgressEvent>): PullProgressEvent => ({
  type: 'pull-progress',
  pullId: 'p1',
  model: 'gemma3:4b',
  status: 'pulling manifest',
  completedBytes: null,
  totalBytes: null,
  done: false,
  error: null,
  ...overrides,
});

async function openManager() {
  const user = userEvent.setup();
  const api = createFakeApi();
  let installed = [model('llama3.2'), model('qwen3', ['completion', 'tools', 'thinking'])];
  api.handle('models.list', () => ({ type: 'ok', host: 'http://127.0.0.1:11434', models: installed }));
  api.handle('models.pull', () => ({ pullId: 'p1' }));
  api.handle('models.cancelPull', () => ({ cancelled: true }));
  const rendered = await renderWithStore(<App />, { api });
  await user.click(screen.getByTestId('models-button'));
  // The dialog is its own chunk, loaded when it first opens.
  const dialog = await screen.findByRole('dialog', { name: 'Models' });
  return {
    ...rendered,
    user,
    dialog,
    install: (name: string, capabilities?: string[]) => (installed = [...installed, model(name, capabilities)]),
  };
}

describe('ModelManagerDialog', () => {
  it('pulls a model with a real progress bar, bytes, percent and Ollama’s status, then offers it', async () => {
    const { user, api, dialog, install, store } = await openManager();
    // A lazy chunk: focus moves in the effect after its commit, which may come after the dialog is in the DOM.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('pull-input')));
    await user.type(within(dialog).getByTestId('pull-input'), 'gemma3:4b{Enter}');
    expect(api.callsOf('models.pull')).toEqual([{ name: 'gemma3:4b' }]);
    const row = await within(dialog).findByTestId('pull-row');
    expect(row.getAttribute('data-phase')).toBe('running');

    act(() =>
      api.emitOn('model-events', [progress({ status: 'pulling aa1b2c', completedBytes: 1_000_000_000, totalBytes: 4_000_000_000 })]),
    );
    const bar = within(row).getByTestId('pull-bar') as HTMLProgressElement;
    expect(bar.value).toBe(25);
    expect(bar.getAttribute('aria-label')).toBe('Downloading gemma3:4b');
    expect(within(row).getByTestId('pull-numbers').textContent).toBe('1.0 GB of 4.0 GB · 25%');
    expect(within(row).getByTestId('pull-status').textContent).toBe('pulling aa1b2c');
    expect(screen.getByTestId('models-button').textContent).toContain('1');

    install('gemma3:4b', ['completion', 'vision']);
    act(() =>
      api.emitOn('model-events', [progress({ status: 'success', completedBytes: 4_000_000_000, totalBytes: 4_000_000_000, done: true })]),
    );
    expect(row.getAttribute('data-phase')).toBe('done');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('model-row')
          .map((entry) => entry.getAttribute('data-model')),
      ).toContain('gemma3:4b'),
    );
    await user.click(within(row).getByTestId('pull-use'));
    await waitFor(() => expect(store.getState().selectedModel).toBe('gemma3:4b'));
    await user.click(within(row).getByTestId('pull-dismiss'));
    expect(within(dialog).queryByTestId('pull-row')).toBeNull();
  });

  it('cancels a pull and says what happened; a failed pull shows Ollama’s words and can be tried again', async () => {
    const { user, api, dialog } = await openManager();
    await user.type(within(dialog).getByTestId('pull-input'), 'gemma3:4b{Enter}');
    const row = await within(dialog).findByTestId('pull-row');
    await user.click(within(row).getByTestId('pull-cancel'));
    expect(api.callsOf('models.cancelPull')).toEqual([{ pullId: 'p1' }]);
    act(() => api.emitOn('model-events', [progress({ status: 'cancelled', done: true })]));
    expect(row.getAttribute('data-phase')).toBe('cancelled');
    expect(row.textContent).toContain('Cancelled');
    // Late events of a finished pull change nothing.
    act(() => api.emitOn('model-events', [progress({ status: 'pulling aa', completedBytes: 5, totalBytes: 10 })]));
    expect(row.getAttribute('data-phase')).toBe('cancelled');
    await user.click(within(row).getByTestId('pull-dismiss'));

    api.handle('models.pull', () => ({ pullId: 'p2' }));
    await user.type(within(dialog).getByTestId('pull-input'), 'lama3{Enter}');
    act(() =>
      api.emitOn('model-events', [
        progress({
          pullId: 'p2',
          model: 'lama3',
          status: 'failed',
          done: true,
          error: 'Ollama has no model called “lama3”. Check the spelling on ollama.com/library.',
        }),
      ]),
    );
    const failed = within(dialog).getByTestId('pull-row');
    expect(within(failed).getByTestId('pull-error').textContent).toContain('no model called “lama3”');
    expect(within(failed).getByRole('alert')).toBeTruthy();
    api.handle('models.pull', () => ({ pullId: 'p3' }));
    await user.click(within(failed).getByTestId('pull-retry'));
    expect(api.callsOf('models.pull').at(-1)).toEqual({ name: 'lama3' });
  });

  it('explains a refused pull next to the field', async () => {
    const { user, api, dialog } = await openManager();
    api.handle('models.pull', () => {
      throw new Error('busy');
    });
    await user.type(within(dialog).getByTestId('pull-input'), 'x{Enter}');
    expect((await within(dialog).findByTestId('pull-form-error')).textContent).toContain('busy');
  });

  it('deletes only after a confirmation, and says why when Ollama refuses', async () => {
    const { user, api, dialog } = await openManager();
    api.handle('models.delete', () => ({
      deleted: false,
      message: '“qwen3” is not installed, so there is nothing to remove. Refresh the model list.',
    }));
    const row = within(dialog).getAllByTestId('model-row')[1];
    if (!row) throw new Error('no row');
    await user.click(within(row).getByTestId('model-delete'));
    // Focus moves to the confirmation itself, never left on a control that changed under it.
    expect(document.activeElement).toBe(within(row).getByTestId('model-delete-confirm'));
    expect(api.callsOf('models.delete')).toEqual([]);
    expect(within(row).getByRole('group', { name: 'Delete qwen3?' }).textContent).toContain('frees 2.0 GB');
    await user.click(within(row).getByTestId('model-delete-cancel'));
    expect(within(row).queryByTestId('model-delete-confirm')).toBeNull();
    await user.click(within(row).getByTestId('model-delete'));
    await user.click(within(row).getByTestId('model-delete-confirm'));
    expect(api.callsOf('models.delete')).toEqual([{ name: 'qwen3' }]);
    expect((await within(row).findByTestId('model-row-message')).textContent).toContain('not installed');
  });

  it('unloads a model and says so', async () => {
    const { user, api, dialog } = await openManager();
    api.handle('models.unload', () => ({ unloaded: true, message: null }));
    const row = within(dialog).getAllByTestId('model-row')[0];
    if (!row) throw new Error('no row');
    await user.click(within(row).getByTestId('model-unload'));
    expect(api.callsOf('models.unload')).toEqual([{ name: 'llama3.2' }]);
    expect((await within(row).findByTestId('model-row-message')).textContent).toContain('Unloaded');
  });
});
