import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { McpElicitationRequest } from '../../../../shared/mcp/mcp-elicitation';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

const request = (conversationId: string): McpElicitationRequest => ({
  elicitationId: 'e-1',
  runId: 'r-1',
  conversationId,
  callId: 'call-1',
  server: 'everything',
  message: '<img src=x onerror="window.pwned=1"> Please say who you are',
  fields: [
    { key: 'name', integer: false, param: { name: 'name', label: 'Name', type: 'string', required: true } },
    { key: 'age', integer: true, param: { name: 'age', label: 'Age', type: 'number', required: false, default: 30 } },
    {
      key: 'status',
      integer: false,
      param: { name: 'status', label: 'Status', type: 'enum', required: false, options: ['active', 'pending'], default: 'active' },
    },
  ],
});

async function withForm() {
  const user = userEvent.setup();
  const api = createFakeApi();
  const rendered = await renderWithStore(<App />, { api });
  act(() => rendered.store.setState({ activeConversationId: 'c-1' }));
  act(() => api.emitOn('model-events', [{ type: 'mcp-elicitation', request: request('c-1') }]));
  await screen.findByTestId('elicitation-form');
  return { ...rendered, user };
}

describe('an MCP server’s form in the conversation', () => {
  it('opens with the schema’s defaults, shows the server’s words as text, and sends what the user filled in', async () => {
    const { api, user } = await withForm();
    expect(screen.getByTestId('elicitation-form').textContent).toContain('<img src=x');
    expect(document.querySelector('[data-testid="elicitation-form"] img')).toBeNull();
    expect((screen.getByTestId('workflow-param-age') as HTMLInputElement).value).toBe('30');
    expect((screen.getByTestId('workflow-param-status') as HTMLSelectElement).value).toBe('active');
    api.handle('mcp.elicitation.answer', () => ({ accepted: true, message: null }));
    await user.type(screen.getByTestId('workflow-param-name'), 'Ada');
    await user.click(screen.getByTestId('elicitation-accept'));
    expect(api.callsOf('mcp.elicitation.answer')).toEqual([
      { elicitationId: 'e-1', action: 'accept', content: { name: 'Ada', age: 30, status: 'active' } },
    ]);
    expect(screen.queryByTestId('elicitation-form')).toBeNull();
  });

  it('is a dialog with focus on its first field and Send, Decline and Cancel outside its scrolling body', async () => {
    await withForm();
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('data-testid')).toBe('elicitation-form');
    expect(document.activeElement).toBe(screen.getByTestId('workflow-param-name'));
    const body = dialog.querySelector('.ui-dialog-body');
    for (const id of ['elicitation-accept', 'elicitation-decline', 'elicitation-cancel']) {
      const button = screen.getByTestId(id);
      expect(dialog.contains(button)).toBe(true);
      expect(body?.contains(button)).toBe(false);
    }
  });

  it('shows main’s refusal and keeps the form; decline sends no values; a closed event removes it', async () => {
    const { api, user } = await withForm();
    api.handle('mcp.elicitation.answer', (req) =>
      req.action === 'accept' ? { accepted: false, message: 'Name is required.' } : { accepted: true, message: null },
    );
    await user.click(screen.getByTestId('elicitation-accept'));
    expect((await screen.findByTestId('elicitation-problem')).textContent).toBe('Name is required.');
    await user.click(screen.getByTestId('elicitation-decline'));
    expect(api.callsOf('mcp.elicitation.answer').at(-1)).toEqual({ elicitationId: 'e-1', action: 'decline' });
    expect(screen.queryByTestId('elicitation-form')).toBeNull();

    act(() => api.emitOn('model-events', [{ type: 'mcp-elicitation', request: { ...request('c-1'), elicitationId: 'e-2' } }]));
    await screen.findByTestId('elicitation-form');
    act(() =>
      api.emitOn('model-events', [{ type: 'mcp-elicitation-closed', elicitationId: 'e-2', conversationId: 'c-1', action: 'cancel' }]),
    );
    expect(screen.queryByTestId('elicitation-form')).toBeNull();
  });

  it('a form of another conversation is not shown here', async () => {
    const api = createFakeApi();
    const rendered = await renderWithStore(<App />, { api });
    act(() => rendered.store.setState({ activeConversationId: 'c-1' }));
    act(() => api.emitOn('model-events', [{ type: 'mcp-elicitation', request: request('c-other') }]));
    expect(screen.queryByTestId('elicitation-form')).toBeNull();
    expect(rendered.store.getState().mcpElicitations).toHaveLength(1);
  });
});
