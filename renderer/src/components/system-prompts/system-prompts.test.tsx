import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EnhancedPromptView, SystemPromptPreset } from '../../../../shared/conversations/system-prompts';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

const PRESET: SystemPromptPreset = {
  id: 'terse',
  name: 'Terse reviewer',
  prompt: 'Be terse.',
  defaultModel: null,
  options: {},
  allowedTools: null,
};

describe('the system prompt library in the app', () => {
  it('starts a new chat from a preset and opens it', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('systemPrompts.list', () => [PRESET]);
    api.handle('conversation.createFromPreset', () => ({
      conversationId: 'c-preset',
      title: 'Terse reviewer',
      model: null,
      createdAt: 1,
      updatedAt: 1,
      pinned: false,
    }));
    await renderWithStore(<App />, { api });
    // A menu: the trigger opens it from the keyboard, the preset is an item.
    (await screen.findByTestId('preset-picker')).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Terse reviewer' }));
    expect(api.callsOf('conversation.createFromPreset')).toEqual([{ presetId: 'terse', model: null }]);
    await waitFor(() =>
      expect(api.callsOf('conversation.get')).toEqual(expect.arrayContaining([{ conversationId: 'c-preset', page: {} }])),
    );
  });

  it('shows what the model sees for the open conversation, as plain text', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('conversations.list', () => [
      { conversationId: 'c1', title: 'One', model: null, createdAt: 1, updatedAt: 1, pinned: false },
    ]);
    const view: EnhancedPromptView = {
      preset: { ...PRESET, id: 'conversation' },
      native: {
        system: 'Be terse.\n\nYou have access to the following tools: <b>read_file</b>',
        tools: [{ type: 'function', function: { name: 'read_file' } }],
      },
      prompt: { system: 'Tools you can use:' },
      unknownTools: [],
    };
    api.handle('conversation.systemView', () => view);
    await renderWithStore(<App />, { api });
    expect((screen.getByTestId('system-view-button') as HTMLButtonElement).disabled).toBe(true);
    await user.click(await screen.findByText('One'));
    await waitFor(() => expect((screen.getByTestId('system-view-button') as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByTestId('system-view-button'));
    const dialog = await screen.findByTestId('system-view');
    expect(within(dialog).getByTestId('system-view-system').textContent).toBe(view.native.system);
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).getByTestId('system-view-tools').textContent).toBe('read_file');
    expect(api.callsOf('conversation.systemView')).toEqual([{ conversationId: 'c1' }]);
  });
});
