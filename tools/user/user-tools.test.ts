import { describe, expect, it, vi } from 'vitest';
import { createTestToolContext } from '../catalogue/tool-test-context';
import { createWorkspaceFixture } from '../files/workspace-fixture';
import { run as askUser } from './ask_user';
import { run as collectToolParameters } from './collect_tool_parameters';

describe('ask_user', () => {
  it('asks through the context and returns the answer', async () => {
    const ask = vi.fn(async () => 'Put it in docs/');
    const outcome = await askUser({ question: ' Which folder? ' }, createTestToolContext({ askUser: ask }));
    expect(ask).toHaveBeenCalledWith('Which folder?');
    expect(outcome).toEqual({ type: 'result', output: JSON.stringify({ answer: 'Put it in docs/' }) });
  });

  it('shows the documents it was given with the question, as content blocks', async () => {
    const fixture = await createWorkspaceFixture();
    try {
      const ask = vi.fn(async (_question: string) => 'Looks good');
      await askUser(
        { question: 'Is this right?', documents: ['sub/deeper/notes.md'] },
        createTestToolContext({ workspace: fixture.workspace, askUser: ask }),
      );
      const shown = ask.mock.calls[0]?.[0] ?? '';
      expect(shown.startsWith('Is this right?')).toBe(true);
      expect(shown).toContain('<document path="sub/deeper/notes.md">');
      expect(shown).toContain('TODO: buy milk');
      await expect(
        askUser(
          { question: 'And this?', documents: ['../outside.md'] },
          createTestToolContext({ workspace: fixture.workspace, askUser: ask }),
        ),
      ).rejects.toThrow(/cannot be passed on/);
    } finally {
      await fixture.remove();
    }
  });

  it('refuses an empty question without asking', async () => {
    const ask = vi.fn(async () => '');
    await expect(askUser({ question: '' }, createTestToolContext({ askUser: ask }))).rejects.toThrow('The question is empty');
    expect(ask).not.toHaveBeenCalled();
  });
});

describe('collect_tool_parameters', () => {
  it('asks for one parameter at a time, in order, and returns the values', async () => {
    const answers = ['hello.py', 'print("hi")'];
    const ask = vi.fn(async () => answers.shift() ?? '');
    const outcome = await collectToolParameters(
      { tool: 'write_file', parameters: ['path: Where should I save the program?', 'content', 'path'] },
      createTestToolContext({ askUser: ask }),
    );
    expect(ask.mock.calls).toEqual([['Where should I save the program?'], ['write_file needs "content". What should it be?']]);
    expect(outcome).toEqual({
      type: 'result',
      output: JSON.stringify({ tool: 'write_file', values: { path: 'hello.py', content: 'print("hi")' } }),
    });
  });

  it('stops asking when the run is cancelled', async () => {
    const controller = new AbortController();
    const ask = vi.fn(async () => {
      controller.abort();
      return 'first';
    });
    await expect(
      collectToolParameters(
        { tool: 'write_file', parameters: ['path', 'content'] },
        createTestToolContext({ askUser: ask, signal: controller.signal }),
      ),
    ).rejects.toThrow('cancelled');
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('refuses an empty list, a missing tool and too many parameters', async () => {
    await expect(collectToolParameters({ tool: 'write_file', parameters: [] }, createTestToolContext())).rejects.toThrow(
      'at least one parameter',
    );
    await expect(collectToolParameters({ tool: ' ', parameters: ['a'] }, createTestToolContext())).rejects.toThrow('Say which tool');
    const many = Array.from({ length: 11 }, (_, i) => `p${i}`);
    await expect(collectToolParameters({ tool: 'x', parameters: many }, createTestToolContext())).rejects.toThrow('at most 10 parameters');
  });
});
