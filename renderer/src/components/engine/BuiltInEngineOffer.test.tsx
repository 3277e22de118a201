import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DownloadView, LibraryView, LocalModelView } from '../../../../shared/engine/model-library';
import { estimateFit } from '../../../../shared/engine/model-fit';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { OllamaBanner } from '../OllamaBanner';

const GB = 1_000_000_000;
const machine = { totalRamBytes: 16 * GB, freeRamBytes: 8 * GB, vramBytes: null };
const entry = {
  id: 'qwen2.5-1.5b-instruct-q4_k_m',
  name: 'Qwen2.5 1.5B Instruct',
  repo: 'Qwen/Qwen2.5-1.5B-Instruct-GGUF',
  file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
  sizeBytes: 1_120_000_000,
  sha256: null,
  licence: 'Apache-2.0',
  goodAt: 'A good first model.',
  architecture: { layers: 28, kvHeads: 2, headDim: 128, contextLength: 32768 },
};
const fit = estimateFit({ weightsBytes: entry.sizeBytes, architecture: entry.architecture, contextTokens: 8192, machine });
const downloaded: LocalModelView = {
  modelId: 'm1',
  name: entry.name,
  path: '/data/models/qwen2.5-1.5b-instruct-q4_k_m.gguf',
  sizeBytes: entry.sizeBytes,
  sha256: 'a'.repeat(64),
  source: 'downloaded',
  catalogueId: entry.id,
  architecture: entry.architecture,
  fit,
};

function libraryView(local: LocalModelView[] = [], downloads: DownloadView[] = []): LibraryView {
  return { machine, catalogue: [{ entry, fit, localModelId: local[0]?.modelId ?? null }], local, downloads, suggestedId: entry.id };
}
const progress = (receivedBytes: number, state: DownloadView['state'] = 'downloading'): DownloadView => ({
  downloadId: 'd1',
  catalogueId: entry.id,
  state,
  receivedBytes,
  totalBytes: entry.sizeBytes,
  message: null,
});

describe('the first-run offer of the built-in engine', () => {
  it('with Ollama unreachable, offers the download beside Connect to Ollama, shows its progress, then selects the model', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('models.list', () => ({ type: 'unreachable', host: 'http://127.0.0.1:11434', message: 'connect ECONNREFUSED' }));
    let library = libraryView();
    api.handle('engineLibrary.list', () => library);
    api.handle('engineLibrary.download', () => {
      library = libraryView([], [progress(0)]);
      return { downloadId: 'd1' };
    });
    api.handle('engineLibrary.use', () => ({ model: 'built-in::qwen2.5-1.5b-instruct-q4_k_m.gguf' }));
    await renderWithStore(<OllamaBanner />, { api });

    expect(screen.getByTestId('retry-button').textContent).toBe('Connect to Ollama');
    const offer = await screen.findByTestId('download-built-in');
    expect(offer.textContent).toBe('Use the built-in engine: download Qwen2.5 1.5B Instruct (1.1 GB)');
    await user.click(offer);
    expect(api.callsOf('engineLibrary.download')).toEqual([{ catalogueId: entry.id }]);

    act(() => api.emitOn('model-events', [{ type: 'engine-download', download: progress(560_000_000) }]));
    const bar = await screen.findByRole('progressbar', { name: /Qwen2.5 1.5B/ });
    expect(bar.getAttribute('value')).toBe('560000000');
    expect(screen.getByTestId('engine-download').textContent).toContain('(50%)');

    library = libraryView([downloaded]);
    act(() => api.emitOn('model-events', [{ type: 'engine-download', download: progress(entry.sizeBytes, 'done') }]));
    await waitFor(() => expect(api.callsOf('engineLibrary.use')).toEqual([{ modelId: 'm1' }]));
    await waitFor(() =>
      expect(api.callsOf('settings.set')).toContainEqual({ defaultModel: 'built-in::qwen2.5-1.5b-instruct-q4_k_m.gguf' }),
    );
  });

  it('a failed download says why and offers Try again', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('models.list', () => ({ type: 'unreachable', host: 'http://127.0.0.1:11434', message: 'down' }));
    api.handle('engineLibrary.list', () => libraryView([], [{ ...progress(10, 'failed'), message: 'Not enough disk space: free some.' }]));
    api.handle('engineLibrary.resume', () => progress(10));
    await renderWithStore(<OllamaBanner />, { api });
    await screen.findByText('Not enough disk space: free some.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(api.callsOf('engineLibrary.resume')).toEqual([{ downloadId: 'd1' }]);
  });

  it('does not appear while Ollama is running with models', async () => {
    const api = createFakeApi();
    api.handle('models.list', () => ({ type: 'ok', host: 'http://127.0.0.1:11434', models: [{ name: 'llama3.2' } as never] }));
    api.handle('engineLibrary.list', () => libraryView());
    await renderWithStore(<OllamaBanner />, { api });
    expect(screen.queryByTestId('built-in-engine-offer')).toBeNull();
    expect(api.callsOf('engineLibrary.list')).toEqual([]);
  });
});
