import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { documentBlocks } from '../../../../tools/agents/document-blocks';
import { createDocumentIndex, type Summarize, type WriteNote } from './document-index';
import { createVersionStore } from '../versions/version-store';

const { tempDir } = cleanupAfterEach();

const note = (path: string, content: string, extra: Partial<WriteNote> = {}): WriteNote => ({
  conversationId: 'c1',
  path,
  content: Buffer.from(content),
  author: { runId: 'r1', callId: 'k1', tool: 'write_file', task: 'Write the quarterly report' },
  model: 'llama3.2',
  ...extra,
});

function setUp(summarize?: Summarize, whenIdle?: () => Promise<void>) {
  const dataDir = tempDir('taco-docs-');
  const versions = createVersionStore({ dataDir, budgetBytes: () => 1024 * 1024 });
  let now = 1000;
  const index = createDocumentIndex({
    dataDir,
    versions,
    ...(summarize ? { summarize } : {}),
    ...(whenIdle ? { whenIdle } : {}),
    now: () => now++,
  });
  /** As a tool's write does it: the content kept in the version log, then the record. */
  const write = async (input: WriteNote) => {
    await versions.recordChange({
      conversationId: 'c1',
      kind: 'write',
      path: input.path,
      workspace: null,
      tool: 'write_file',
      callId: 'k',
      runId: 'r',
      before: null,
      after: input.content,
    });
    return index.noteWrite(input);
  };
  return { index, dataDir, write };
}

describe('document records', () => {
  it('are parsed once and read again when the file changes, by the index or by anything else', async () => {
    const { index, dataDir } = setUp();
    await index.noteWrite(note('a.md', 'alpha'));
    const first = await index.list('c1');
    // The same records come back while the file is as it was (no parse): shared, so frozen.
    expect((await index.list('c1'))[0]).toBe(first[0]);
    expect(Object.isFrozen(first[0])).toBe(true);
    await index.noteWrite(note('b.md', 'beta'));
    expect((await index.list('c1')).map((doc) => doc.path).sort()).toEqual(['a.md', 'b.md']);
    // Another program (or an older TACO) replaces the file: its records are what is read.
    const file = join(dataDir, 'documents', 'c1', 'documents.json');
    const edited = { documents: first.map((doc) => ({ ...doc, description: 'changed outside' })) };
    writeFileSync(file, JSON.stringify(edited));
    expect((await index.list('c1')).map((doc) => [doc.path, doc.description])).toEqual([['a.md', 'changed outside']]);
  });

  it("keep the seed's metadata and are filtered by tag, creator, type and date", async () => {
    const { index } = setUp();
    await index.noteWrite(note('report.md', '# Report\n', { tags: ['finance'], description: 'Q3 report' }));
    await index.noteWrite(
      note('data.json', '{"a":1}', { author: { runId: 'r2', callId: 'k2', tool: 'write_file', task: 'Export the data' } }),
    );
    const [report] = await index.list('c1', { tag: 'FINANCE' });
    expect(report).toMatchObject({
      path: 'report.md',
      mimeType: 'text/markdown',
      size: 9,
      tokens: 3,
      description: 'Q3 report',
      tags: ['finance'],
    });
    expect(report?.createdBy.task).toBe('Write the quarterly report');
    expect((await index.list('c1', { creator: 'export' })).map((doc) => doc.path)).toEqual(['data.json']);
    expect((await index.list('c1', { type: 'application/' })).map((doc) => doc.path)).toEqual(['data.json']);
    expect((await index.list('c1', { since: 1001 })).map((doc) => doc.path)).toEqual(['data.json']);
    // A later write keeps the creator, the tags and the creation time, and updates the rest.
    await index.noteWrite(
      note('report.md', '# Report v2\n', { author: { runId: 'r3', callId: 'k3', tool: 'write_file', task: 'Fix it' } }),
    );
    expect(await index.get('c1', 'report.md')).toMatchObject({
      createdAt: 1000,
      tags: ['finance'],
      createdBy: { task: 'Write the quarterly report' },
      updatedBy: { task: 'Fix it' },
    });
  });

  it('the automatic summary waits until the conversation is idle, and a new content gets a new one', async () => {
    const asked: string[] = [];
    let idle: () => void = () => undefined;
    let isIdle = new Promise<void>((resolve) => (idle = resolve));
    const { index } = setUp(
      async ({ text }) => {
        asked.push(text);
        return `About: ${text.trim()}`;
      },
      () => isIdle,
    );
    await index.noteWrite(note('a.md', 'first'));
    expect(asked).toEqual([]);
    idle();
    await index.idle();
    expect(asked).toEqual(['first']);
    expect(await index.get('c1', 'a.md')).toMatchObject({ autoSummary: 'About: first' });

    isIdle = new Promise<void>((resolve) => (idle = resolve));
    const rewritten = await index.noteWrite(note('a.md', 'second'));
    expect(rewritten.autoSummary).toBeNull();
    idle();
    await index.idle();
    expect(await index.get('c1', 'a.md')).toMatchObject({ autoSummary: 'About: second' });
  });

  it('a summary still waiting at shutdown is dropped', async () => {
    const asked: string[] = [];
    let idle: () => void = () => undefined;
    const isIdle = new Promise<void>((resolve) => (idle = resolve));
    const { index } = setUp(
      async ({ text }) => {
        asked.push(text);
        return 'summary';
      },
      () => isIdle,
    );
    await index.noteWrite(note('a.md', 'first'));
    index.dispose();
    idle();
    await index.idle();
    expect(asked).toEqual([]);
  });

  it('a picture is described only for a model that sees, and only once summaryAfter settles', async () => {
    const asked: Array<{ path: string; text: string; image?: string }> = [];
    const { index } = setUp(async ({ path, text, image }) => {
      asked.push({ path, text, ...(image !== undefined ? { image } : {}) });
      return 'a red square';
    });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await index.noteWrite({ ...note('written.png', ''), content: png });
    let started: () => void = () => undefined;
    const runStarted = new Promise<void>((resolve) => (started = resolve));
    await index.noteWrite({ ...note('attached.png', ''), content: png, modelSeesImages: true, summaryAfter: runStarted });
    await Promise.resolve();
    expect(asked).toEqual([]);
    started();
    await index.idle();
    expect(asked).toEqual([{ path: 'attached.png', text: '', image: png.toString('base64') }]);
    expect(await index.get('c1', 'attached.png')).toMatchObject({ mimeType: 'image/png', autoSummary: 'a red square' });
    expect((await index.get('c1', 'written.png'))?.autoSummary).toBeNull();
  });

  it('search by meaning uses the embeddings when given, and falls back to words when they fail', async () => {
    const { index, write } = setUp();
    await write(note('cats.md', 'felines purr'));
    await write(note('dogs.md', 'canines bark'));
    const embed = async (texts: string[]) => texts.map((text) => (/cat|feline|kitten/.test(text) ? [1, 0] : [0, 1]));
    expect((await index.search('c1', 'kitten', {}, embed)).map((doc) => doc.path)[0]).toBe('cats.md');
    const broken = async () => Promise.reject(new Error('no model'));
    expect((await index.search('c1', 'canines', {}, broken)).map((doc) => doc.path)).toEqual(['dogs.md']);
  });
});

describe('documents passed between agents', () => {
  it('are content blocks within the budget: a long one is its summary when there is one, else its beginning', async () => {
    const workspace = tempDir('taco-docs-ws-');
    writeFileSync(join(workspace, 'short.txt'), 'tiny');
    writeFileSync(join(workspace, 'long.txt'), 'x'.repeat(5000));
    const blocks = await documentBlocks(workspace, ['short.txt', 'long.txt'], 1000, async (path) =>
      path === 'long.txt' ? 'A long run of x.' : null,
    );
    expect(blocks).toContain('<document path="short.txt">\ntiny\n</document>');
    expect(blocks).toContain('this is its summary');
    expect(blocks).toContain('A long run of x.');
    expect(blocks.length).toBeLessThan(1000);
    const noSummary = await documentBlocks(workspace, ['long.txt'], 1000);
    expect(noSummary).toContain('this is its beginning; use read_file for the rest');
    expect(noSummary.length).toBeLessThan(1200);
  });
});
