import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../../../shared/tools/tool-definition';
import { catalogueKey } from './catalogue-key';
import { createEmbeddingCache } from './ranking/embedding-cache';
import { cosine, rankByEmbedding } from './ranking/embedding-ranker';
import { lexicalIndexBuilds, lexicalIndexFor, lexicalIndexKeys } from './ranking/lexical-index';
import { processQueryTerm, processTerm } from './ranking/search-terms';
import { isCoreTool, needsSelection, selectTools } from './select-tools';
import { selectionQuery } from './selection-query';
import { rankTools } from './tool-ranking';
import { embeddingText, splitIdentifier, toolSearchFields } from './ranking/tool-text';
import { toolsNamedIn } from './used-tools';
import type { ChatProvider } from '../../provider/provider-types';

function definition(name: string, description: string, params: Record<string, string> = {}): ToolDefinition {
  return {
    type: 'function',
    function: {
      name,
      description,
      parameters: {
        type: 'object',
        properties: Object.fromEntries(Object.entries(params).map(([key, text]) => [key, { type: 'string', description: text }])),
        required: [],
      },
    },
  };
}

const CATALOGUE = [
  definition('read_file', 'Read a text file from the workspace.', { path: 'File path relative to the workspace.' }),
  definition('calendar_create_event', 'Create an event in the calendar.', { title: 'Title of the event.' }),
  definition('sendEmailMessage', 'Send a message to recipients.', { to: 'Recipient addresses.' }),
  definition('git_log', 'Show the commit history of a branch.', { repo_path: 'Path of the repository.' }),
  definition('create_directory', 'Create a new directory.', { path: 'Path to create.' }),
];

describe('tool text', () => {
  it('splits snake_case, camelCase, kebab and dotted names into words', () => {
    expect(splitIdentifier('read_file')).toBe('read file');
    expect(splitIdentifier('sendEmailMessage')).toBe('send email message');
    expect(splitIdentifier('get-tiny-image')).toBe('get tiny image');
    expect(splitIdentifier('HTTPServer.start')).toBe('http server start');
  });

  it('indexes the name words, the description and each parameter with its description', () => {
    expect(toolSearchFields(CATALOGUE[3] as ToolDefinition)).toEqual({
      id: 'git_log',
      name: 'git log git_log',
      description: 'Show the commit history of a branch.',
      parameters: 'repo path Path of the repository.',
    });
    expect(embeddingText(CATALOGUE[0] as ToolDefinition)).toBe(
      'read file: Read a text file from the workspace.\nParameters: path File path relative to the workspace.',
    );
  });
});

describe('search terms', () => {
  it('drops stop words and stems plurals and -ing/-ed so the forms of a word meet', () => {
    expect(processTerm('the')).toBeNull();
    expect(processTerm('Files')).toBe('file');
    expect(processTerm('meetings')).toBe(processTerm('meeting'));
    expect(processTerm('listing')).toBe('list');
    expect(processTerm('directories')).toBe(processTerm('directory'));
  });

  it('expands a query word into its synonyms (folder finds directory)', () => {
    expect(processQueryTerm('folder')).toEqual(expect.arrayContaining(['folder', processTerm('directory')]));
    expect(processQueryTerm('commits')).toEqual(['commit']);
  });
});

describe('lexical index', () => {
  it('ranks by BM25 over name, description and parameters; synonyms and plurals match', () => {
    const index = lexicalIndexFor(CATALOGUE);
    expect(index.rank('show me the commits of main')[0]).toBe('git_log');
    expect(index.rank('make a folder for icons')[0]).toBe('create_directory');
    expect(index.rank('email my boss')[0]).toBe('sendEmailMessage');
    expect(index.rank('   ')).toEqual([]);
  });

  it('is built once per catalogue version: same tools in another order reuse it, a changed description rebuilds', () => {
    lexicalIndexFor(CATALOGUE);
    const before = lexicalIndexBuilds();
    expect(lexicalIndexFor([...CATALOGUE].reverse()).key).toBe(catalogueKey(CATALOGUE));
    expect(lexicalIndexBuilds()).toBe(before);
    const changed = [...CATALOGUE.slice(1), definition('read_file', 'Read a file, any file.')];
    expect(catalogueKey(changed)).not.toBe(catalogueKey(CATALOGUE));
    lexicalIndexFor(changed);
    expect(lexicalIndexBuilds()).toBe(before + 1);
  });

  it('finds a run’s own array of the same definitions without hashing the catalogue again; a new definition object is looked up by its key', () => {
    const usage = new Map([['read_file', 'Use it for text files.']]);
    const first = lexicalIndexFor([...CATALOGUE], usage);
    const keysBefore = lexicalIndexKeys();
    // Every run maps the registry's tools to a new array and a new usage map of the same texts.
    expect(lexicalIndexFor([...CATALOGUE], new Map(usage))).toBe(first);
    expect(lexicalIndexKeys()).toBe(keysBefore);
    // Other usage text, or an equal definition that is another object: the key decides.
    expect(lexicalIndexFor([...CATALOGUE], new Map([['read_file', 'Other words.']]))).not.toBe(first);
    const copied = CATALOGUE.map((tool) => structuredClone(tool));
    expect(lexicalIndexFor(copied, new Map(usage)).key).toBe(first.key);
    expect(lexicalIndexKeys()).toBe(keysBefore + 2);
  });
});

describe('selectTools', () => {
  const all = ['a', 'b', 'c', 'd', 'e', 'f'];

  it('offers everything when the tools fit the budget or the budget is 0', () => {
    expect(needsSelection(6, 6)).toBe(false);
    expect(needsSelection(6, 0)).toBe(false);
    expect(selectTools({ all, budget: 0, ranking: [], keep: new Set() })).toEqual({ offered: all, narrowed: false });
  });

  it('keeps the kept tools, then the best ranked, in catalogue order, up to the budget', () => {
    expect(selectTools({ all, budget: 3, ranking: ['e', 'c', 'a'], keep: new Set(['f']) })).toEqual({
      offered: ['c', 'e', 'f'],
      narrowed: true,
    });
  });

  it('fills from the catalogue when the ranking matched too few, and never drops a kept tool past the budget', () => {
    expect(selectTools({ all, budget: 3, ranking: ['d'], keep: new Set() }).offered).toEqual(['a', 'b', 'd']);
    expect(selectTools({ all, budget: 2, ranking: ['a'], keep: new Set(['c', 'd', 'e', 'unknown']) }).offered).toEqual(['c', 'd', 'e']);
  });

  it('knows the core set', () => {
    expect(['ask_user', 'stop_and_think', 'plan_next_steps', 'delegate_task', 'handoff', 'find_tools'].every(isCoreTool)).toBe(true);
    expect(isCoreTool('read_file')).toBe(false);
  });
});

describe('selection query and used tools', () => {
  it('is the goal, then the latest few messages cut short', () => {
    const query = selectionQuery('Fix the build', [
      { role: 'system', content: 'You are TACO' },
      { role: 'user', content: 'old' },
      { role: 'user', content: 'Fix the build' },
      { role: 'assistant', content: 'Reading the log' },
      { role: 'tool', tool_name: 'read_file', content: 'x'.repeat(1000) },
      { role: 'assistant', content: '' },
    ]);
    expect(query.split('\n')).toEqual(['Fix the build', 'old', 'Reading the log', 'x'.repeat(400)]);
  });

  it('finds the tools called, natively or in the prompt-based format', () => {
    expect(
      toolsNamedIn([
        { role: 'assistant', content: '', tool_calls: [{ function: { name: 'git_log', arguments: {} } }] },
        { role: 'tool', tool_name: 'git_log', content: 'ok' },
        { role: 'user', content: 'Tool result for read_file:\nhi' },
        { role: 'user', content: 'Tool fetch_url failed:\nnope' },
        { role: 'user', content: 'Tools are great' },
      ]),
    ).toEqual(['git_log', 'git_log', 'read_file', 'fetch_url']);
  });
});

describe('embedding ranking', () => {
  const vectors: Record<string, number[]> = {};
  const embedOf = (text: string): number[] => vectors[text] ?? (text.includes('commit') ? [1, 0] : [0, 1]);

  it('ranks by cosine similarity and embeds each text once per model', async () => {
    const cache = createEmbeddingCache();
    const asked: string[][] = [];
    const embed = async (request: { input: string[] }) => {
      asked.push(request.input);
      return request.input.map(embedOf);
    };
    const input = { embed, model: 'm', definitions: CATALOGUE, cache, signal: new AbortController().signal };
    expect((await rankByEmbedding({ ...input, query: 'last commits' }))[0]).toBe('git_log');
    expect(asked.flat()).toHaveLength(CATALOGUE.length + 1);
    await rankByEmbedding({ ...input, query: 'last commits' });
    expect(asked).toHaveLength(1);
    await rankByEmbedding({ ...input, model: 'other', query: 'last commits' });
    expect(asked).toHaveLength(2);
    expect(cosine([1, 0], [1, 0])).toBe(1);
    expect(cosine([1, 0], [1, 0, 0])).toBe(-1);
  });

  it('rejects answers of the wrong shape, and rankTools falls back to keywords with the reason', async () => {
    const provider = { embed: async () => [[Number.NaN]] } as unknown as ChatProvider;
    const ranking = await rankTools({
      definitions: CATALOGUE,
      query: 'show the commit history',
      provider,
      embeddingModel: 'm',
      cache: createEmbeddingCache(),
      signal: new AbortController().signal,
    });
    expect(ranking.ranker).toBe('lexical');
    expect(ranking.fallback).toMatch(/returned 1 vectors for 6 texts|not a list of numbers/);
    expect(ranking.ids[0]).toBe('git_log');
  });

  it('uses keywords without asking when no embedding model is set', async () => {
    let asked = false;
    const provider = {
      embed: async () => {
        asked = true;
        return [];
      },
    } as unknown as ChatProvider;
    const ranking = await rankTools({
      definitions: CATALOGUE,
      query: 'git log',
      provider,
      embeddingModel: '',
      cache: createEmbeddingCache(),
      signal: new AbortController().signal,
    });
    expect(ranking).toEqual(expect.objectContaining({ ranker: 'lexical', fallback: null }));
    expect(asked).toBe(false);
  });
});
