import { describe, expect, it } from 'vitest';
import { tool } from '../../test/fake-api';
import { frame } from '../../test/events';
import type { FrameEntry } from '../store/events/conversation-view';
import { groupTools } from './catalogue/catalogue-filter';
import { suggestionsFor, wantsToolNames } from './composer/composer-suggestions';
import { buildFrameTree } from './stack/frame-tree';

describe('suggestionsFor', () => {
  const tools = [tool('read_file'), tool('write_file'), tool('fetch_url')];

  it('offers every command for "/" and narrows as you type', () => {
    expect(suggestionsFor('/', tools).map((s) => s.label)).toEqual([
      '/cancel',
      '/status',
      '/help',
      '/tools',
      '/tool <name>',
      '/undo [confirm]',
      '/wf <workflow> [what you want]',
    ]);
    expect(suggestionsFor('/w', tools).map((s) => s.value)).toEqual(['/wf ']);
    expect(suggestionsFor('/too', tools).map((s) => s.value)).toEqual(['/tools', '/tool ']);
    expect(suggestionsFor('/help', tools)).toEqual([]);
    expect(suggestionsFor('hello /', tools)).toEqual([]);
  });

  it('offers tool names after "/tool ", prefix matches first', () => {
    expect(suggestionsFor('/tool ', tools).map((s) => s.label)).toEqual(['fetch_url', 'read_file', 'write_file']);
    expect(suggestionsFor('/tool _file', tools).map((s) => s.value)).toEqual(['/tool read_file', '/tool write_file']);
    expect(suggestionsFor('/tool re', tools).map((s) => s.label)).toEqual(['read_file']);
    expect(suggestionsFor('/tool read_file', tools)).toEqual([]);
    expect(suggestionsFor('/tool r', null)).toEqual([]);
    expect(wantsToolNames('/tool ')).toBe(true);
    expect(wantsToolNames('/tools')).toBe(false);
  });
});

describe('groupTools', () => {
  it('groups by category, sorted, and matches every word', () => {
    const tools = [tool('write_file'), tool('fetch_url', { category: 'web', description: 'Fetch a page' }), tool('read_file')];
    expect(groupTools(tools, '').map(([category, list]) => [category, list.map((t) => t.toolId)])).toEqual([
      ['files', ['read_file', 'write_file']],
      ['web', ['fetch_url']],
    ]);
    expect(groupTools(tools, 'READ file').flatMap(([, list]) => list.map((t) => t.toolId))).toEqual(['read_file']);
    expect(groupTools(tools, 'fetch page').flatMap(([, list]) => list.map((t) => t.toolId))).toEqual(['fetch_url']);
  });
});

describe('buildFrameTree', () => {
  const entry = (id: string, parent: string | null): FrameEntry => ({
    frame: frame(id, 't', { parentFrameId: parent }),
    active: true,
    state: 'running',
    durationMs: null,
  });

  it('nests children under parents and keeps orphans at the root', () => {
    const tree = buildFrameTree([entry('a', null), entry('b', 'a'), entry('c', 'b'), entry('d', 'missing'), entry('e', 'e')]);
    expect(tree.map((node) => node.entry.frame.frameId)).toEqual(['a', 'd', 'e']);
    expect(tree[0]?.children[0]?.children[0]?.entry.frame.frameId).toBe('c');
  });
});
