import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorkspaceFixture, type WorkspaceFixture } from '../files/workspace-fixture';
import { createTestToolContext } from '../catalogue/tool-test-context';
import { run as delegateTask } from './delegate_task';
import { run as handoff } from './handoff';

let fixture: WorkspaceFixture;
beforeAll(async () => {
  fixture = await createWorkspaceFixture();
});
afterAll(async () => {
  await fixture.remove();
});

describe('delegate_task', () => {
  it('runs the sub-agent through the context and returns its handoff', async () => {
    const delegate = vi.fn(async () => ({ result: 'Five bullet points', documents: ['sub/deeper/notes.md'] }));
    const outcome = await delegateTask(
      { task: 'Summarise the notes', documents: ['sub/deeper/notes.md', './sub/deeper/notes.md'] },
      createTestToolContext({ workspace: fixture.workspace, delegate }),
    );
    expect(delegate).toHaveBeenCalledWith('Summarise the notes', ['sub/deeper/notes.md']);
    // The helper's documents come back as content blocks after the JSON result, not just as names.
    const output = outcome.type === 'result' ? outcome.output : '';
    expect(output.startsWith(JSON.stringify({ result: 'Five bullet points', documents: ['sub/deeper/notes.md'] }))).toBe(true);
    expect(output).toContain('<document path="sub/deeper/notes.md">');
  });

  it('works without documents and without a workspace', async () => {
    const delegate = vi.fn(async () => ({ result: 'done', documents: [] }));
    await delegateTask({ task: 'Think of a name' }, createTestToolContext({ delegate }));
    expect(delegate).toHaveBeenCalledWith('Think of a name', []);
  });

  it('refuses documents outside the workspace before delegating', async () => {
    const delegate = vi.fn(async () => ({ result: 'x', documents: [] }));
    await expect(
      delegateTask({ task: 'Read this', documents: ['link-out-file'] }, createTestToolContext({ workspace: fixture.workspace, delegate })),
    ).rejects.toThrow('The document "link-out-file" cannot be passed on');
    await expect(delegateTask({ task: ' ' }, createTestToolContext({ delegate }))).rejects.toThrow('The task is empty');
    expect(delegate).not.toHaveBeenCalled();
  });
});

describe('handoff', () => {
  it('returns a handoff outcome with the result and the documents', async () => {
    expect(
      await handoff({ result: 'All done', documents: ['inside.txt'] }, createTestToolContext({ workspace: fixture.workspace })),
    ).toEqual({
      type: 'handoff',
      payload: { result: 'All done', documents: ['inside.txt'] },
    });
    expect(await handoff({ result: 'No files' }, createTestToolContext())).toEqual({
      type: 'handoff',
      payload: { result: 'No files', documents: [] },
    });
  });

  it('refuses documents that do not exist', async () => {
    await expect(
      handoff({ result: 'x', documents: ['missing.md'] }, createTestToolContext({ workspace: fixture.workspace })),
    ).rejects.toThrow('does not exist');
  });
});
