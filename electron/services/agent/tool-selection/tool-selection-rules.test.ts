import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import type { ToolDefinition } from '../../../../shared/tools/tool-definition';
import type { ChatProvider, EmbedRequest } from '../../provider/provider-types';
import { createEmbeddingCache } from './ranking/embedding-cache';
import { isCoreTool, needsSelection, selectTools } from './select-tools';
import { rankTools } from './tool-ranking';
import { toolsNamedIn, toolsNamedInPrompt } from './used-tools';

const definition = (name: string, description: string): ToolDefinition => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties: {}, required: [] } },
});

describe('selectTools: the budget, the kept tools and the catalogue order', () => {
  const all = ['a', 'b', 'c', 'd', 'e'];

  it('narrows only a catalogue larger than a budget above zero', () => {
    expect(needsSelection(6, 5)).toBe(true);
    expect(needsSelection(5, 5)).toBe(false);
    expect(needsSelection(1, 0)).toBe(false);
    expect(needsSelection(2, 1)).toBe(true);
    expect(selectTools({ all, budget: 5, ranking: ['e'], keep: new Set() })).toEqual({ offered: all, narrowed: false });
  });

  it('fills exactly to the budget from the ranking, skipping ids the catalogue lacks, then from the catalogue', () => {
    expect(selectTools({ all, budget: 2, ranking: ['zz', 'e', 'yy'], keep: new Set() })).toEqual({ offered: ['a', 'e'], narrowed: true });
    expect(selectTools({ all, budget: 4, ranking: ['d', 'b'], keep: new Set(['e']) })).toEqual({
      offered: ['a', 'b', 'd', 'e'],
      narrowed: true,
    });
    for (let budget = 1; budget < all.length; budget += 1) {
      expect(selectTools({ all, budget, ranking: [], keep: new Set() }).offered, String(budget)).toHaveLength(budget);
    }
  });

  it('gives a kept id the catalogue lacks (a tool since removed) no place in the budget', () => {
    expect(selectTools({ all, budget: 3, ranking: [], keep: new Set(['gone', 'e']) })).toEqual({
      offered: ['a', 'b', 'e'],
      narrowed: true,
    });
  });

  it('is not narrowed when the kept tools alone are the whole catalogue', () => {
    expect(selectTools({ all, budget: 2, ranking: [], keep: new Set(all) })).toEqual({ offered: all, narrowed: false });
  });

  it('knows every core tool by its exact id', () => {
    for (const id of DEFAULTS.toolSelection.coreTools) expect(isCoreTool(id), id).toBe(true);
    expect(isCoreTool('find_tool')).toBe(false);
    expect(isCoreTool('')).toBe(false);
  });
});

describe('used tools', () => {
  it('counts calls of any message, results named by tool messages only, and prompt-format results only at the start of a user message', () => {
    expect(
      toolsNamedIn([
        { role: 'user', content: 'x', tool_calls: [{ function: { name: 'a', arguments: {} } }] },
        { role: 'tool', content: 'ok' },
        { role: 'assistant', content: 'Tool result for b:\nhi', tool_name: 'c' },
        { role: 'user', content: 'See: Tool result for d:\nhi' },
        { role: 'user', content: 'Tool e failed:\nno' },
        { role: 'user', content: 'Tool result for f: yes' },
        { role: 'user', content: 'Tool result for :' },
      ]),
    ).toEqual(['a', 'e', 'f']);
  });

  const tools = ['read_file', 'web_search', 'git.log', 'mcp-fs.list_dir', 'sendEmail'].map((toolId) => ({ info: { toolId } }));

  it('finds a tool the prompt names as a whole word, in any case, dotted and dashed ids included, in catalogue order', () => {
    expect(toolsNamedInPrompt(tools, 'Use WEB_SEARCH, then read_file.')).toEqual(['read_file', 'web_search']);
    expect(toolsNamedInPrompt(tools, 'call git.log and mcp-fs.list_dir')).toEqual(['git.log', 'mcp-fs.list_dir']);
    expect(toolsNamedInPrompt(tools, 'try sendemail')).toEqual(['sendEmail']);
  });

  it('does not find a tool inside a longer word or from a part of its id', () => {
    expect(toolsNamedInPrompt(tools, 'read_files, my_web_search, git, log, list_dir, fs')).toEqual([]);
    expect(toolsNamedInPrompt(tools, '')).toEqual([]);
  });
});

describe('rankTools', () => {
  afterEach(() => vi.restoreAllMocks());
  const catalogue = [definition('git_log', 'Show the commit history.'), definition('read_file', 'Read a file.')];

  function embedder(onCall: (request: EmbedRequest) => void = () => {}): ChatProvider {
    return {
      embed: async (request: EmbedRequest) => {
        onCall(request);
        return request.input.map((text) => (text.includes('commit') || text.includes('history') ? [1, 0] : [0, 1]));
      },
    } as unknown as ChatProvider;
  }
  const input = (provider: ChatProvider, signal = new AbortController().signal) => ({
    definitions: catalogue,
    query: 'read it',
    provider,
    embeddingModel: 'm',
    cache: createEmbeddingCache(),
    signal,
  });

  it('ranks by embedding when it can, with no fallback', async () => {
    expect(await rankTools(input(embedder()))).toEqual({ ranker: 'embedding', ids: ['read_file', 'git_log'], fallback: null });
  });

  it('ranks by keywords with no fallback when the provider cannot embed', async () => {
    const ranking = await rankTools(input({} as ChatProvider));
    expect(ranking).toEqual({ ranker: 'lexical', ids: expect.any(Array), fallback: null });
    expect(ranking.ids[0]).toBe('read_file');
  });

  it('gives up embedding when the run ends or the embedding timeout passes', async () => {
    const timeout = new AbortController();
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timeout.signal);
    const run = new AbortController();
    const seen: AbortSignal[] = [];
    await rankTools(
      input(
        embedder((request) => seen.push(request.signal as AbortSignal)),
        run.signal,
      ),
    );
    expect(timeoutSpy).toHaveBeenCalledWith(DEFAULTS.toolSelection.embedTimeoutMs);
    const signal = seen[0];
    expect(signal?.aborted).toBe(false);
    timeout.abort();
    expect(signal?.aborted).toBe(true);

    const second = new AbortController();
    timeoutSpy.mockReturnValue(second.signal);
    const seenAgain: AbortSignal[] = [];
    await rankTools(
      input(
        embedder((request) => seenAgain.push(request.signal as AbortSignal)),
        run.signal,
      ),
    );
    run.abort();
    expect(seenAgain[0]?.aborted).toBe(true);
  });

  it('falls back to keywords with the failure’s words, whatever was thrown', async () => {
    const throwing = (thrown: unknown) => ({ embed: async () => Promise.reject(thrown) }) as unknown as ChatProvider;
    expect(await rankTools(input(throwing(new Error('model not found'))))).toMatchObject({
      ranker: 'lexical',
      fallback: 'model not found',
    });
    expect(await rankTools(input(throwing('socket hang up')))).toMatchObject({ ranker: 'lexical', fallback: 'socket hang up' });
  });
});
