import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, model } from '../../test/fake-api';
import { renderWithStore } from '../../test/render-app';
import { OllamaBanner } from './OllamaBanner';

describe('OllamaBanner', () => {
  it('when Ollama is unreachable: the host, how to start it, how to get a model, and Retry that works', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('models.list', () => ({ type: 'unreachable', host: 'http://127.0.0.1:11434', message: 'connect ECONNREFUSED' }));
    await renderWithStore(<OllamaBanner />, { api });
    const banner = screen.getByTestId('ollama-banner');
    expect(banner.dataset.kind).toBe('unreachable');
    expect(banner.textContent).toContain('Ollama is not reachable');
    expect(screen.getByTestId('ollama-host').textContent).toBe('http://127.0.0.1:11434');
    expect(banner.textContent).toContain('ollama serve');
    expect(banner.textContent).toContain('ollama pull llama3.2');

    api.handle('models.list', () => ({ type: 'ok', host: 'http://127.0.0.1:11434', models: [model('llama3.2')] }));
    await user.click(screen.getByTestId('retry-button'));
    await waitFor(() => expect(screen.queryByTestId('ollama-banner')).toBeNull());
    expect(api.callsOf('models.list')).toHaveLength(2);
  });

  it('when no model is installed: how to pull one', async () => {
    const api = createFakeApi();
    api.handle('models.list', () => ({ type: 'ok', host: 'http://127.0.0.1:11434', models: [] }));
    await renderWithStore(<OllamaBanner />, { api });
    const banner = screen.getByTestId('ollama-banner');
    expect(banner.dataset.kind).toBe('no-models');
    expect(banner.textContent).toContain('ollama pull llama3.2');
  });

  it('when Ollama answers with an error: its message', async () => {
    const api = createFakeApi();
    api.handle('models.list', () => ({ type: 'error', host: 'http://h:1', message: 'HTTP 500: boom' }));
    await renderWithStore(<OllamaBanner />, { api });
    expect(screen.getByTestId('ollama-banner').textContent).toContain('HTTP 500: boom');
    expect(screen.getByTestId('retry-button')).toBeTruthy();
  });

  it('says each step once, and shows commands as code, never with backticks', async () => {
    const api = createFakeApi();
    const message = 'Cannot reach Ollama at http://127.0.0.1:11699. Start it with `ollama serve` (or open the Ollama app), then try again.';
    api.handle('models.list', () => ({ type: 'unreachable', host: 'http://127.0.0.1:11699', message }));
    await renderWithStore(<OllamaBanner />, { api });
    const text = screen.getByTestId('ollama-banner').textContent ?? '';
    expect(text.split('ollama serve')).toHaveLength(2);
    expect(text.split('open the Ollama app')).toHaveLength(2);
    expect(text).not.toContain('`');
  });

  it('renders a backticked command in an error as code', async () => {
    const api = createFakeApi();
    api.handle('models.list', () => ({ type: 'error', host: 'http://h:1', message: 'Update Ollama: run `ollama --version` to check.' }));
    await renderWithStore(<OllamaBanner />, { api });
    const banner = screen.getByTestId('ollama-banner');
    expect(banner.textContent).not.toContain('`');
    expect([...banner.querySelectorAll('.banner-detail code')].map((code) => code.textContent)).toEqual(['ollama --version']);
  });

  it('says nothing when models are there', async () => {
    await renderWithStore(<OllamaBanner />);
    expect(screen.queryByTestId('ollama-banner')).toBeNull();
  });
});
