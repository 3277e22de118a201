import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, summary } from '../../../../test/fake-api';
import { renderWithStore } from '../../../../test/render-app';
import { TacoCallError } from '../../../transport/taco-call-error';
import { App } from '../../App';
import { draftFromOptions, parseOptionsDraft } from './conversation-options-form';

async function openConversation(options = {}) {
  const api = createFakeApi();
  api.handle('conversations.list', () => [summary('c1', { title: 'Tuned', options })]);
  const ctx = await renderWithStore(<App />, { api });
  await act(() => ctx.store.getState().openConversation('c1'));
  return ctx;
}

describe('conversation options dialog', () => {
  it('is offered only for a saved conversation', async () => {
    await renderWithStore(<App />);
    expect(screen.queryByTestId('options-button')).toBeNull();
  });

  it('opens as a modal dialog with focus inside, traps Tab, and gives focus back on close', async () => {
    const user = userEvent.setup();
    await openConversation({ temperature: 0.3 });
    const button = screen.getByTestId('options-button');
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Conversation options' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('options-model'));
    expect(screen.getByTestId('options-temperature')).toHaveProperty('value', '0.3');
    screen.getByTestId('options-save').focus();
    await user.keyboard('{Tab}');
    expect(document.activeElement).toBe(screen.getByTestId('options-dialog-close'));
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(screen.getByTestId('options-save'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('saves every field (empty ones as the default) through conversation.setOptions', async () => {
    const user = userEvent.setup();
    const { api, store } = await openConversation();
    await user.click(screen.getByTestId('options-button'));
    await user.type(screen.getByTestId('options-temperature'), '0.2');
    await user.type(screen.getByTestId('options-num-ctx'), '16384');
    await user.type(screen.getByTestId('options-keep-alive'), '10m');
    await user.type(screen.getByTestId('options-system-prompt'), 'Answer in French.');
    await user.click(screen.getByTestId('options-model'));
    await user.click((await screen.findByTestId('options-model-popover')).querySelector('[data-model="qwen3"]') as HTMLElement);
    await user.selectOptions(screen.getByTestId('options-tool-mode'), 'prompt');
    await user.type(screen.getByTestId('options-tool-budget'), '10');
    await user.click(screen.getByTestId('options-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsOf('conversation.setOptions')).toEqual([
      {
        conversationId: 'c1',
        options: {
          temperature: 0.2,
          numCtx: 16384,
          keepAlive: '10m',
          systemPrompt: 'Answer in French.',
          toolMode: 'prompt',
          toolBudget: 10,
          think: null,
          searchKnowledge: null,
        },
      },
    ]);
    expect(store.getState().selectedModel).toBe('qwen3');
  });

  it('searches the knowledge folders on every message only when the conversation or its project says so', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const project = {
      projectId: 'p1',
      name: 'Garden',
      workspace: null,
      defaultModel: null,
      presetId: null,
      toolLimits: {},
      instructions: '',
      createdAt: 1,
    };
    api.handle('projects.list', () => [{ ...project, searchKnowledge: true }]);
    api.handle('conversations.list', () => [summary('c1', { projectId: 'p1' }), summary('c2')]);
    const { store } = await renderWithStore(<App />, { api });
    const optionsOf = async (conversationId: string) => {
      await act(() => store.getState().openConversation(conversationId));
      await user.click(screen.getByTestId('options-button'));
      return screen.getByTestId('options-search-knowledge');
    };
    // In a project that says on, the switch shows on without the conversation choosing.
    let toggle = await optionsOf('c1');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('options-search-knowledge-hint').textContent).toContain('As the project “Garden”: on.');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByTestId('options-search-knowledge-follow'));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('options-search-knowledge-follow')).toBeNull();
    await user.click(toggle);
    await user.click(screen.getByTestId('options-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsOf('conversation.setOptions').at(-1)?.options.searchKnowledge).toBe(false);
    // Without a project it is off until turned on, and "As the project" is not offered.
    toggle = await optionsOf('c2');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByTestId('options-search-knowledge-follow')).toBeNull();
    await user.click(toggle);
    await user.click(screen.getByTestId('options-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsOf('conversation.setOptions').at(-1)).toMatchObject({ conversationId: 'c2', options: { searchKnowledge: true } });
  });

  it('says under the context field whether that size fits where the model runs, asking main once typing pauses', async () => {
    const user = userEvent.setup();
    const { api } = await openConversation();
    api.handle('models.contextFit', (request) => ({
      type: 'grows',
      kvBytes: 1,
      extraBytes: 1,
      message: `${request.contextTokens} tokens: needs about 3.2 GB more GPU memory than now.`,
    }));
    await user.click(screen.getByTestId('options-button'));
    expect(screen.queryByTestId('context-fit')).toBeNull();
    await user.type(screen.getByTestId('options-num-ctx'), '32768');
    const hint = await screen.findByTestId('context-fit');
    expect(hint.textContent).toBe('32768 tokens: needs about 3.2 GB more GPU memory than now.');
    expect(hint.className).toContain('warning');
    // Never for a size main would refuse (3, 32, 327 are below 512), last for the finished number.
    const asked = api.callsOf('models.contextFit');
    expect(asked.every((call) => call.contextTokens >= 512)).toBe(true);
    expect(asked.at(-1)).toEqual({ model: 'llama3.2', contextTokens: 32768 });
    await user.clear(screen.getByTestId('options-num-ctx'));
    await waitFor(() => expect(screen.queryByTestId('context-fit')).toBeNull());
  });

  it('shows main’s message when it refuses a value, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('conversations.list', () => [summary('c1')]);
    api.handle('conversation.setOptions', () => {
      throw new TacoCallError('invalid-payload', 'options.temperature: must be at most 2');
    });
    const { store } = await renderWithStore(<App />, { api });
    await act(() => store.getState().openConversation('c1'));
    await user.click(screen.getByTestId('options-button'));
    await user.type(screen.getByTestId('options-temperature'), '7');
    await user.click(screen.getByTestId('options-save'));
    expect((await screen.findByTestId('options-error')).textContent).toBe('options.temperature: must be at most 2');
    expect(screen.getByTestId('options-temperature').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('options-num-ctx').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says which field is not a number before asking main', async () => {
    const user = userEvent.setup();
    const { api } = await openConversation();
    await user.click(screen.getByTestId('options-button'));
    await user.type(screen.getByTestId('options-num-ctx'), 'lots');
    await user.click(screen.getByTestId('options-save'));
    expect(screen.getByTestId('options-error').textContent).toContain('Context length must be a whole number');
    expect(screen.getByTestId('options-num-ctx').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsOf('conversation.setOptions')).toEqual([]);
  });
});

const NO_TOOL_FIELDS = { toolMode: '', toolBudget: '', think: '', searchKnowledge: null } as const;

describe('options form parsing', () => {
  it('round-trips stored options and turns empty fields into null', () => {
    expect(draftFromOptions({ temperature: 1, numCtx: 4096, keepAlive: 300, systemPrompt: 'Hi' })).toEqual({
      temperature: '1',
      numCtx: '4096',
      keepAlive: '300',
      systemPrompt: 'Hi',
      toolMode: '',
      toolBudget: '',
      think: '',
      searchKnowledge: null,
    });
    expect(parseOptionsDraft({ temperature: ' ', numCtx: '', keepAlive: '', systemPrompt: '  ', ...NO_TOOL_FIELDS })).toEqual({
      type: 'ok',
      options: {
        temperature: null,
        numCtx: null,
        keepAlive: null,
        systemPrompt: null,
        toolMode: null,
        toolBudget: null,
        think: null,
        searchKnowledge: null,
      },
    });
  });

  it('reads a decimal comma, whole seconds as a number, and durations as text', () => {
    expect(parseOptionsDraft({ temperature: '0,5', numCtx: '2048', keepAlive: '0', systemPrompt: '', ...NO_TOOL_FIELDS })).toEqual({
      type: 'ok',
      options: {
        temperature: 0.5,
        numCtx: 2048,
        keepAlive: 0,
        systemPrompt: null,
        toolMode: null,
        toolBudget: null,
        think: null,
        searchKnowledge: null,
      },
    });
    expect(parseOptionsDraft({ temperature: '', numCtx: '', keepAlive: '1h', systemPrompt: '', ...NO_TOOL_FIELDS })).toMatchObject({
      options: { keepAlive: '1h' },
    });
  });

  it('names the field that is not a number', () => {
    expect(parseOptionsDraft({ temperature: 'warm', numCtx: '', keepAlive: '', systemPrompt: '', ...NO_TOOL_FIELDS })).toMatchObject({
      type: 'error',
      field: 'temperature',
    });
    expect(parseOptionsDraft({ temperature: '', numCtx: '1.5', keepAlive: '', systemPrompt: '', ...NO_TOOL_FIELDS })).toMatchObject({
      type: 'error',
      field: 'numCtx',
    });
  });
});
