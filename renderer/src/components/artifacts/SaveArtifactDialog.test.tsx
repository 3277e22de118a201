import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { SAVE_WORKFLOW_ID, SaveArtifactDialog } from './SaveArtifactDialog';

describe('SaveArtifactDialog', () => {
  it('asks main to run the save workflow (its write_file waits for main’s approval) and writes nothing itself', async () => {
    const api = createFakeApi();
    api.handle('workflows.run', (request) => ({ type: 'run', runId: 'r1', conversationId: request.conversationId ?? 'c1' }));
    const onClose = vi.fn();
    const { store } = await renderWithStore(<SaveArtifactDialog code="<svg/>" suggestedPath="logo-v1.svg" onClose={onClose} />, { api });
    store.setState({ selectedModel: 'llama3.2' });
    const field = screen.getByLabelText('File in the workspace');
    expect((field as HTMLInputElement).value).toBe('logo-v1.svg');
    await userEvent.clear(field);
    await userEvent.type(field, 'art/logo.svg');
    await userEvent.click(screen.getByTestId('artifact-save-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsOf('workflows.run')).toEqual([
      { conversationId: null, workflowId: SAVE_WORKFLOW_ID, params: { path: 'art/logo.svg', content: '<svg/>' }, model: 'llama3.2' },
    ]);
    expect(api.calls.map((call) => call.name).filter((name) => name.startsWith('documents.'))).toEqual([]);
  });

  it('shows main’s refusal of the values and stays open', async () => {
    const api = createFakeApi();
    api.handle('workflows.run', () => ({ type: 'invalid', errors: { path: 'File must be at most 500 characters' } }));
    const onClose = vi.fn();
    const { store } = await renderWithStore(<SaveArtifactDialog code="x" suggestedPath="a.md" onClose={onClose} />, { api });
    store.setState({ selectedModel: 'llama3.2' });
    await userEvent.click(screen.getByTestId('artifact-save-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('File must be at most 500 characters');
    expect(onClose).not.toHaveBeenCalled();
  });
});
