import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../shared/constants';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { documentBrowserHandlers } from './document-browser-handlers';
import { createDocumentIndex } from './search/document-index';
import { createVersionStore } from './versions/version-store';

const { tempDir } = cleanupAfterEach();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-and-the-rest')]);

function setUp() {
  const dataDir = tempDir('taco-docs-browse-');
  const versions = createVersionStore({ dataDir, budgetBytes: () => 64 * 1024 * 1024 });
  let now = 1000;
  const documents = createDocumentIndex({ dataDir, versions, now: () => now++ });
  const handlers = documentBrowserHandlers({ versions, documents });
  /** As write_file does it: both contents kept in the version log, then the index record. */
  const write = async (path: string, before: Buffer | null, after: Buffer, extra: { tags?: string[]; description?: string } = {}) => {
    const record = await versions.recordChange({
      conversationId: 'c1',
      kind: 'write',
      path,
      workspace: null,
      tool: 'write_file',
      callId: `k-${path}`,
      runId: 'r1',
      before,
      after,
    });
    await documents.noteWrite({
      conversationId: 'c1',
      path,
      content: after,
      author: { runId: 'r1', callId: `k-${path}`, tool: 'write_file', task: 'Write the quarterly report' },
      model: 'llama3.2',
      ...extra,
    });
    return record;
  };
  const content = (seq: number, side: 'before' | 'after') =>
    handlers['documents.content']({ conversationId: 'c1', version: { seq, side } });
  return { handlers, write, content, versions };
}

describe('documents.browse', () => {
  it("answers each document's metadata beside its versions, the most recently changed first", async () => {
    const { handlers, write } = setUp();
    await write('report.txt', Buffer.from('older\n'), Buffer.from('old\n'));
    await write('notes.md', null, Buffer.from('# Notes\n'), { tags: ['q3'], description: 'Meeting notes' });
    await write('report.txt', Buffer.from('old\n'), Buffer.from('new\n'));
    await write('notes.md', Buffer.from('# Notes\n'), Buffer.from('# Notes\nmore\n'));

    const result = await handlers['documents.browse']({ conversationId: 'c1' });

    expect(result.documents.map((document) => document.path)).toEqual(['notes.md', 'report.txt']);
    const notes = result.documents[0]!;
    expect(notes.records.map((record) => record.seq)).toEqual([2, 4]);
    expect(notes.meta).toMatchObject({
      mimeType: 'text/markdown',
      tags: ['q3'],
      description: 'Meeting notes',
      size: 13,
      createdBy: { task: 'Write the quarterly report', tool: 'write_file' },
    });
    expect(result.undone).toEqual([]);
  });
});

describe('documents.content', () => {
  it('previews the content from before the first write (what Undo restores), and says when there was no file', async () => {
    const { write, content } = setUp();
    const existed = await write('hello.txt', Buffer.from('Old greeting\n'), Buffer.from('Hello from TACO\n'));
    const created = await write('fresh.txt', null, Buffer.from('new file\n'));

    expect(await content(existed.seq, 'before')).toEqual({
      type: 'text',
      mimeType: 'text/plain',
      size: 13,
      text: 'Old greeting\n',
      shortened: false,
    });
    expect(await content(existed.seq, 'after')).toMatchObject({ type: 'text', text: 'Hello from TACO\n' });
    expect(await content(created.seq, 'before')).toEqual({ type: 'no-file', message: 'fresh.txt did not exist at this point.' });
  });

  it('sends only the beginning of a text over the preview cap, marked shortened', async () => {
    const { write, content } = setUp();
    const long = 'a'.repeat(DEFAULTS.documents.previewMaxChars + 500);
    const record = await write('long.txt', null, Buffer.from(long));

    const preview = await content(record.seq, 'after');

    expect(preview).toMatchObject({ type: 'text', shortened: true, size: long.length });
    expect(preview.type === 'text' && preview.text.length).toBe(DEFAULTS.documents.previewMaxChars);
  });

  it('describes binary content instead of sending it', async () => {
    const { write, content } = setUp();
    const record = await write('data.bin', null, Buffer.from([1, 0, 2, 0, 3]));

    expect(await content(record.seq, 'after')).toEqual({
      type: 'binary',
      mimeType: 'application/octet-stream',
      size: 5,
      message: 'Binary content (application/octet-stream, 5 bytes): no preview.',
    });
  });

  it('shows a picture as a data URL only when its bytes are that picture type and it fits the cap', async () => {
    const { write, content } = setUp();
    const real = await write('chart.png', null, PNG);
    const fake = await write('fake.png', null, Buffer.from('<script>alert(1)</script>'));
    const svg = await write('logo.svg', null, Buffer.from('<svg onload="alert(1)"/>'));
    const huge = await write('huge.png', null, Buffer.concat([PNG, Buffer.alloc(DEFAULTS.documents.previewImageMaxBytes, 1)]));

    expect(await content(real.seq, 'after')).toEqual({
      type: 'image',
      mimeType: 'image/png',
      size: PNG.length,
      dataUrl: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    expect(await content(fake.seq, 'after')).toMatchObject({ type: 'binary', message: expect.stringContaining('not that picture type') });
    // SVG can carry script: it is shown as its text, never as a picture.
    expect(await content(svg.seq, 'after')).toMatchObject({ type: 'text', mimeType: 'image/svg+xml', text: '<svg onload="alert(1)"/>' });
    expect(await content(huge.seq, 'after')).toMatchObject({ type: 'unavailable', message: expect.stringContaining('larger than') });
  });

  it('says so for a version that was not kept or does not exist', async () => {
    const { versions, content } = setUp();
    const record = await versions.recordChange({
      conversationId: 'c1',
      kind: 'write',
      path: 'big.log',
      workspace: null,
      tool: 'write_file',
      callId: 'k',
      runId: 'r',
      before: { notKept: 99_000_000 },
      after: Buffer.from('small\n'),
    });

    expect(await content(record.seq, 'before')).toMatchObject({ type: 'unavailable', message: expect.stringContaining('not kept') });
    expect(await content(42, 'after')).toEqual({ type: 'unavailable', message: 'There is no version 42 in this conversation.' });
  });
});
