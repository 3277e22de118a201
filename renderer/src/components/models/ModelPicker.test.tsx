import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ModelInfo, ModelListResult } from '../../../../shared/models/models';
import { createFakeApi, model } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

const remote = (name: string, server: { id: string; name: string }, extra: Partial<ModelInfo> = {}): ModelInfo => ({
  ...model(name),
  name: `${server.id}::${name}`,
  label: name,
  server,
  ...extra,
});

const docs = { id: 'docs', name: 'Docs box' };
const admin = { allowed: true, reason: null };

function twoServers(): ModelListResult {
  const local = [
    model('llama3.2:3b'),
    { ...model('qwen3:4b', ['completion', 'tools', 'thinking']), loaded: { sizeBytes: 4000, vramBytes: 3000, contextLength: 8192 } },
  ];
  const onDocs = [remote('llama3.2:3b', docs)];
  return {
    type: 'ok',
    host: 'http://127.0.0.1:11434',
    models: [...local, ...onDocs],
    servers: [
      { serverId: 'local', name: 'This computer', kind: 'ollama', host: 'h', type: 'ok', message: null, admin, models: local },
      { serverId: 'docs', name: 'Docs box', kind: 'ollama', host: 'd', type: 'ok', message: null, admin, models: onDocs },
      {
        serverId: 'dead',
        name: 'Dead box',
        kind: 'ollama',
        host: 'x',
        type: 'unreachable',
        message: 'refused the connection',
        admin,
        models: [],
      },
    ],
  };
}

async function open() {
  const user = userEvent.setup();
  const api = createFakeApi();
  api.handle('models.list', twoServers);
  const rendered = await renderWithStore(<App />, { api });
  const trigger = screen.getByTestId('model-picker');
  await waitFor(() => expect(trigger.getAttribute('data-value')).toBe('llama3.2:3b'));
  await user.click(trigger);
  const popover = await screen.findByTestId('model-picker-popover');
  return { ...rendered, user, trigger, popover };
}

describe('the model picker', () => {
  it('is a button naming the model and its server, never the internal id', async () => {
    const { trigger } = await open();
    expect(trigger.tagName).toBe('BUTTON');
    expect(trigger.textContent).toContain('llama3.2:3b');
    expect(trigger.textContent).toContain('This computer');
    expect(trigger.textContent).not.toContain('::');
  });

  it('lists the models grouped by server with their health, details, capabilities and memory', async () => {
    const { popover } = await open();
    const groups = within(popover).getAllByTestId('model-group');
    expect(groups.map((group) => [group.textContent, group.getAttribute('data-health')])).toEqual([
      ['This computer', 'ok'],
      ['Docs box', 'ok'],
      ['Dead box · not reachable', 'unreachable'],
    ]);
    expect(popover.textContent).toContain('refused the connection');
    const qwen = popover.querySelector('[data-model="qwen3:4b"]');
    expect(qwen?.textContent).toContain('2.0 GB · 3.2B · Q4_K_M');
    expect([...(qwen?.querySelectorAll('[data-capability]') ?? [])].map((badge) => badge.getAttribute('data-capability'))).toEqual([
      'tools',
      'thinking',
    ]);
    expect(qwen?.textContent).toContain('25% does not fit in GPU memory');
    // The same model on two servers: two rows, each under its server, both named by the model's own name.
    expect(popover.querySelectorAll('[data-model$="llama3.2:3b"]')).toHaveLength(2);
    expect(popover.textContent).not.toContain('docs::');
  });

  it('filters as you type; arrow keys and Enter pick; the choice is remembered and shown with its server', async () => {
    const { user, api, trigger } = await open();
    expect(document.activeElement).toBe(screen.getByTestId('model-search'));
    await user.keyboard('docs');
    const options = within(screen.getByTestId('model-picker-popover')).getAllByTestId('model-option');
    expect(options.map((option) => option.querySelector('[data-model]')?.getAttribute('data-model'))).toEqual(['docs::llama3.2:3b']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('model-picker-popover')).toBeNull());
    expect(trigger.getAttribute('data-value')).toBe('docs::llama3.2:3b');
    expect(trigger.textContent).toContain('Docs box');
    expect(api.callsOf('settings.set')).toEqual([{ defaultModel: 'docs::llama3.2:3b' }]);
    expect(document.activeElement).toBe(trigger);
  });

  it('Esc closes the list without changing the model', async () => {
    const { user, api, trigger } = await open();
    await user.keyboard('{ArrowDown}{Escape}');
    await waitFor(() => expect(screen.queryByTestId('model-picker-popover')).toBeNull());
    expect(trigger.getAttribute('data-value')).toBe('llama3.2:3b');
    expect(api.callsOf('settings.set')).toEqual([]);
  });
});
