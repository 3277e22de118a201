import { afterEach, describe, expect, it, vi } from 'vitest';
import { summary } from '../../../test/fake-api';
import { rovingTarget } from '../../hooks/use-roving-focus';
import { downloadTextFile, safeFilename } from './download-text-file';
import { precheckImport } from './ImportConversationButton';
import { answerText } from '../chat/message-text';
import { matchSegments, sidebarGroups } from './sidebar-order';

afterEach(() => vi.unstubAllGlobals());

describe('sidebar order', () => {
  it('puts pinned rows first, each group newest first, and leaves hidden rows out', () => {
    const list = [
      summary('old', { updatedAt: 1 }),
      summary('pinned-old', { pinned: true, updatedAt: 2 }),
      summary('new', { updatedAt: 9 }),
      summary('gone', { updatedAt: 5 }),
      summary('pinned-new', { pinned: true, updatedAt: 8 }),
    ];
    const groups = sidebarGroups(list, new Set(['gone']));
    expect(groups.pinned.map((entry) => entry.conversationId)).toEqual(['pinned-new', 'pinned-old']);
    expect(groups.recent.map((entry) => entry.conversationId)).toEqual(['new', 'old']);
  });
});

describe('matchSegments', () => {
  it('marks every case-insensitive occurrence and keeps the text as written', () => {
    expect(matchSegments('Lisbon, then lisbon again', 'LISBON')).toEqual([
      { text: 'Lisbon', match: true },
      { text: ', then ', match: false },
      { text: 'lisbon', match: true },
      { text: ' again', match: false },
    ]);
  });

  it('marks nothing for an empty query or when lower-casing changes the length', () => {
    expect(matchSegments('abc', '  ')).toEqual([{ text: 'abc', match: false }]);
    expect(matchSegments('İstanbul', 'stan')).toEqual([{ text: 'İstanbul', match: false }]);
    expect(matchSegments('', 'x')).toEqual([]);
  });
});

describe('roving focus', () => {
  it('moves one step with the arrows, stops at the ends, jumps with Home and End', () => {
    expect(rovingTarget('ArrowDown', 0, 3)).toBe(1);
    expect(rovingTarget('ArrowDown', 2, 3)).toBe(2);
    expect(rovingTarget('ArrowUp', 0, 3)).toBe(0);
    expect(rovingTarget('End', 0, 3)).toBe(2);
    expect(rovingTarget('Home', 2, 3)).toBe(0);
    expect(rovingTarget('a', 1, 3)).toBeNull();
    expect(rovingTarget('ArrowDown', 0, 0)).toBeNull();
  });
});

describe('downloads', () => {
  it('keeps file names to a plain name', () => {
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\Users\\me\\trip.md')).toBe('trip.md');
    expect(safeFilename('a<b>:c?.json')).toBe('a_b__c_.json');
    expect(safeFilename('...')).toBe('conversation.txt');
    expect(safeFilename('.hidden.json')).toBe('hidden.json');
  });

  it('clicks a temporary link to a Blob of the content, then removes the link and frees the URL', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const blobs: Blob[] = [];
    const revoked: string[] = [];
    vi.stubGlobal('URL', {
      createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:x'),
      revokeObjectURL: (url: string) => revoked.push(url),
    });
    const seen: { download: string; inDocument: boolean }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      seen.push({ download: this.download, inDocument: document.body.contains(this) });
    });
    downloadTextFile({ filename: 'trip.md', mimeType: 'text/markdown', content: '# Trip' });
    expect(seen).toEqual([{ download: 'trip.md', inDocument: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(await blobs[0]?.text()).toBe('# Trip');
    vi.runAllTimers();
    expect(revoked).toEqual(['blob:x']);
    click.mockRestore();
    vi.useRealTimers();
  });
});

describe('import precheck', () => {
  it('refuses empty and impossibly large files in words, and lets others through', () => {
    expect(precheckImport({ name: 'a.json', size: 0 })).toContain('it is empty');
    expect(precheckImport({ name: 'big.json', size: 1e12 })).toContain('too large');
    expect(precheckImport({ name: 'ok.json', size: 1000 })).toBeNull();
  });
});

describe('answerText', () => {
  it('joins the text parts and leaves thinking and tools out', () => {
    const turn = {
      type: 'assistant' as const,
      id: 'run:r',
      runId: 'r',
      model: null,
      goal: null,
      startedAt: null,
      usage: null,
      finish: null,
      parts: [
        { type: 'thinking' as const, id: '0', text: 'hmm' },
        { type: 'text' as const, id: '1', text: ' One. ' },
        { type: 'tool' as const, id: '2', callId: 'k', tool: 't', args: {}, frameId: null, at: 0, outcome: { type: 'pending' as const } },
        { type: 'text' as const, id: '3', text: '\n' },
        { type: 'text' as const, id: '4', text: 'Two.' },
      ],
    };
    expect(answerText(turn)).toBe('One.\n\nTwo.');
  });
});
