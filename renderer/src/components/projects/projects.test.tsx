import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import { DEFAULTS } from '../../../../shared/constants';
import { projectFieldsSchema, type Project } from '../../../../shared/projects/projects';
import { createFakeApi, summary } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';
import { projectFields, projectForm } from './project-form';
import { CONVERSATION_DRAG_TYPE } from './use-conversation-drop';

const garden: Project = {
  projectId: 'p-garden',
  name: 'Garden',
  instructions: '',
  workspace: '/srv/garden',
  defaultModel: 'qwen3',
  presetId: null,
  toolLimits: { maxIterations: 4 },
  createdAt: 1,
};

const validFields = { name: 'Garden', workspace: null, defaultModel: null, presetId: null, toolLimits: {} };

function apiWith(list: ConversationSummary[], projects: Project[] = [garden]) {
  const api = createFakeApi();
  let conversations = list;
  let current = projects;
  api.handle('conversations.list', () => conversations);
  api.handle('projects.list', () => current);
  api.handle('conversation.moveToProject', (request) => {
    conversations = conversations.map((entry) => {
      if (entry.conversationId !== request.conversationId) return entry;
      const { projectId: _old, ...rest } = entry;
      return request.projectId ? { ...rest, projectId: request.projectId } : rest;
    });
    return conversations.find((entry) => entry.conversationId === request.conversationId) ?? summary(request.conversationId);
  });
  api.handle('projects.create', (fields) => {
    const project = { ...fields, projectId: 'p-new', createdAt: 2 } as Project;
    current = [...current, project];
    return project;
  });
  api.handle('projects.remove', (request) => {
    current = current.filter((project) => project.projectId !== request.projectId);
    conversations = conversations.map(({ projectId: _gone, ...rest }) => rest);
    return { removed: true, moved: 1 };
  });
  return api;
}

const list = () => [
  summary('a', { title: 'Beds', updatedAt: 30, projectId: 'p-garden' }),
  summary('b', { title: 'Bread', updatedAt: 20 }),
  summary('c', { title: 'Pinned one', updatedAt: 10, pinned: true, projectId: 'p-garden' }),
];
const section = () => screen.getByTestId('project-section');
const titlesIn = (element: HTMLElement) =>
  within(element)
    .queryAllByTestId('conversation-title')
    .map((node) => node.textContent);
const rowOf = (title: string) => {
  const row = screen.getAllByTestId('conversation-row').find((node) => node.textContent?.includes(title));
  if (!row) throw new Error(`no row ${title}`);
  return row;
};

describe('projects in the sidebar', () => {
  it('groups rows: pinned on top across projects, then each project, then No project; a project folds', async () => {
    const user = userEvent.setup();
    await renderWithStore(<App />, { api: apiWith(list()) });
    await waitFor(() => expect(screen.getByTestId('project-section')).toBeTruthy());
    expect(titlesIn(screen.getByTestId('pinned-conversations'))).toEqual(['Pinned one']);
    expect(titlesIn(section())).toEqual(['Beds']);
    expect(titlesIn(screen.getByTestId('recent-conversations'))).toEqual(['Bread']);
    expect(screen.getByTestId('recent-conversations-label').textContent).toBe('No project');
    act(() => within(rowOf('Beds')).getByTestId('conversation-item').focus());
    await user.click(within(section()).getByTestId('project-toggle'));
    expect(within(section()).getByTestId('project-toggle').getAttribute('aria-expanded')).toBe('false');
    // The list keeps its one Tab stop on a row still shown.
    expect(screen.getAllByTestId('conversation-item').filter((item) => item.tabIndex === 0)).toHaveLength(1);
    expect(titlesIn(section())).toEqual([]);
    expect(titlesIn(screen.getByTestId('pinned-conversations'))).toEqual(['Pinned one']);
  });

  it('moves a conversation with its menu and by dropping its row on a project header', async () => {
    const user = userEvent.setup();
    const { api } = await renderWithStore(<App />, { api: apiWith(list()) });
    await waitFor(() => expect(screen.getByTestId('project-section')).toBeTruthy());
    await user.click(within(rowOf('Bread')).getByTestId('conversation-menu-button'));
    // The keyboard way: → opens "Move to project", ↓ past "No project" (where it is), Enter.
    screen.getByTestId('menu-move-to-project').focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-testid')).toBe('move-to-p-garden'));
    await user.keyboard('{Enter}');
    expect(api.callsOf('conversation.moveToProject')).toEqual([{ conversationId: 'b', projectId: 'p-garden' }]);
    await waitFor(() => expect(titlesIn(section())).toEqual(['Beds', 'Bread']));

    const data = new Map<string, string>([[CONVERSATION_DRAG_TYPE, 'a']]);
    const dataTransfer = { types: [...data.keys()], getData: (type: string) => data.get(type) ?? '', dropEffect: 'none' };
    const label = screen.getByTestId('recent-conversations-label');
    act(() => {
      fireEvent.dragOver(label, { dataTransfer });
      fireEvent.drop(label, { dataTransfer });
    });
    expect(api.callsOf('conversation.moveToProject')).toEqual([
      { conversationId: 'b', projectId: 'p-garden' },
      { conversationId: 'a', projectId: null },
    ]);
    await waitFor(() => expect(titlesIn(screen.getByTestId('recent-conversations'))).toEqual(['Beds']));
  });

  it('a new chat in a project picks its model and sends its id once', async () => {
    const user = userEvent.setup();
    const { api, store } = await renderWithStore(<App />, { api: apiWith(list()) });
    await waitFor(() => expect(screen.getByTestId('project-section')).toBeTruthy());
    await user.click(within(section()).getByTestId('project-new-chat'));
    expect(screen.getByTestId('draft-project').textContent).toContain('New chat in Garden');
    expect(store.getState().selectedModel).toBe('qwen3');
    await act(() => store.getState().send('Plan the beds'));
    expect(api.callsOf('chat.send').at(-1)).toMatchObject({ conversationId: null, model: 'qwen3', projectId: 'p-garden' });
    expect(store.getState().draftProjectId).toBeNull();
  });

  it('removing a project asks first and says its conversations stay', async () => {
    const user = userEvent.setup();
    const { api } = await renderWithStore(<App />, { api: apiWith(list()) });
    await waitFor(() => expect(screen.getByTestId('project-section')).toBeTruthy());
    await user.click(within(section()).getByTestId('project-menu-button'));
    await user.click(screen.getByTestId('project-menu-remove'));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm.textContent).toContain('2 conversations move to No project; nothing is deleted');
    await user.click(within(confirm).getByTestId('remove-project-confirm'));
    expect(api.callsOf('projects.remove')).toEqual([{ projectId: 'p-garden' }]);
    await waitFor(() => expect(screen.queryByTestId('project-section')).toBeNull());
  });
});

describe('the project form', () => {
  it('turns the typed fields into the call, limits in their units, empty ones following Settings', () => {
    const form = { ...projectForm(null), name: ' Garden ', workspace: ' /srv/g ', maxIterations: '4', timeoutSeconds: '90' };
    expect(projectFields(form)).toEqual({
      ok: true,
      fields: {
        name: 'Garden',
        workspace: '/srv/g',
        defaultModel: null,
        presetId: null,
        toolLimits: { maxIterations: 4, runTimeoutMs: 90_000 },
        searchKnowledge: false,
        instructions: '',
      },
    });
    expect(projectForm(garden)).toMatchObject({ name: 'Garden', maxIterations: '4', timeoutSeconds: '', searchKnowledge: false });
    // Searching on every message is off for a new project and kept as the project says.
    expect(projectFields({ ...form, searchKnowledge: true })).toMatchObject({ ok: true, fields: { searchKnowledge: true } });
    expect(projectForm({ ...garden, searchKnowledge: true }).searchKnowledge).toBe(true);
    expect(projectFields({ ...form, instructions: '  Answer in French.\n' })).toMatchObject({
      ok: true,
      fields: { instructions: 'Answer in French.' },
    });
  });

  it('names the field that is out of bounds, and an empty name', () => {
    expect(projectFields({ ...projectForm(null), name: 'x', depthLimit: '1' })).toMatchObject({ ok: false, field: 'depthLimit' });
    expect(projectFields({ ...projectForm(null), name: 'x', maxIterations: '2.5' })).toMatchObject({ ok: false, field: 'maxIterations' });
    expect(projectFields(projectForm(null))).toMatchObject({ ok: false, field: 'name' });
  });

  it('instructions longer than main keeps are refused in words, at the bound and not before', () => {
    const most = DEFAULTS.projects.maxInstructionsChars;
    expect(projectFields({ ...projectForm(null), name: 'x', instructions: 'a'.repeat(most) })).toMatchObject({ ok: true });
    const over = projectFields({ ...projectForm(null), name: 'x', instructions: 'a'.repeat(most + 1) });
    expect(over).toMatchObject({ ok: false, field: 'instructions' });
    expect(over.ok ? '' : over.message).toMatch(/shorten them/);
    expect(projectFieldsSchema.safeParse({ ...validFields, instructions: 'a'.repeat(most + 1) }).success).toBe(false);
    expect(projectFieldsSchema.parse({ ...validFields, instructions: undefined }).instructions).toBe('');
  });
});
