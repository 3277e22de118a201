import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../../../../test-support/cleanups';
import { makeDocx, makePdf } from '../../../../test-support/knowledge/make-documents';
import { readFileChunks, type FileChunks } from './knowledge-read';

const { tempDir } = cleanupAfterAll();

async function read(name: string, content: string | Buffer, maxBytes?: number): Promise<FileChunks> {
  const dir = tempDir('taco-knowledge-read-');
  const absolute = join(dir, name);
  mkdirSync(join(absolute, '..'), { recursive: true });
  writeFileSync(absolute, content);
  return readFileChunks({ absolute, relative: name, size: statSync(absolute).size, mtimeMs: 0 }, maxBytes);
}

function chunksOf(result: FileChunks) {
  if (result.type !== 'chunks') throw new Error(`skipped: ${result.reason}`);
  return result.chunks;
}

describe('each format is read along its structure', () => {
  it('markdown by headings, with lines', async () => {
    const chunks = chunksOf(await read('notes.md', '# Trip\n\nWe leave at six.\n\n## Food\n\nBring bread.\n'));
    expect(chunks.map((chunk) => [chunk.heading, chunk.location])).toEqual([
      ['Trip', { kind: 'lines', start: 1, end: 3 }],
      ['Trip › Food', { kind: 'lines', start: 5, end: 7 }],
    ]);
  });

  it('code by declarations', async () => {
    const chunks = chunksOf(await read('src/a.py', 'def one():\n    return 1\n\n\ndef two():\n    return 2\n'));
    expect(chunks[0]).toMatchObject({ heading: 'def one():', location: { kind: 'lines', start: 1, end: 6 } });
  });

  it('HTML by blocks, with source lines', async () => {
    const chunks = chunksOf(await read('page.html', '<h2>Hours</h2>\n<p>Open nine to five.</p>\n'));
    expect(chunks[0]).toMatchObject({
      heading: 'Hours',
      text: 'Hours\n\nOpen nine to five.',
      location: { kind: 'lines', start: 1, end: 2 },
    });
  });

  it('plain text (and an unknown extension that is text) by paragraphs', async () => {
    expect(chunksOf(await read('a.txt', 'one\n\ntwo\n'))[0]?.text).toBe('one\n\ntwo');
    expect(chunksOf(await read('Makefile', 'all:\n\techo hi\n'))[0]?.text).toBe('all:\n\techo hi');
  });

  it('PDF by page, with the page number', async () => {
    const pdf = makePdf([['The cellar key is under the mat.'], [], ['Invoices go to Ada.']]);
    const chunks = chunksOf(await read('house.pdf', pdf));
    expect(chunks.map((chunk) => [chunk.text, chunk.location])).toEqual([
      ['The cellar key is under the mat.', { kind: 'page', page: 1 }],
      ['Invoices go to Ada.', { kind: 'page', page: 3 }],
    ]);
  });

  it('DOCX by heading sections', async () => {
    const docx = await makeDocx([
      { text: 'Preface words.' },
      { text: 'Budget', heading: true },
      { text: 'We spend 40 euros.' },
      { text: 'Team', heading: true },
      { text: 'Ada and Grace.' },
    ]);
    const chunks = chunksOf(await read('plan.docx', docx));
    expect(chunks.map((chunk) => [chunk.heading, chunk.location, chunk.text])).toEqual([
      [null, { kind: 'section', index: 1 }, 'Preface words.'],
      ['Budget', { kind: 'section', index: 2 }, 'Budget\n\nWe spend 40 euros.'],
      ['Team', { kind: 'section', index: 3 }, 'Team\n\nAda and Grace.'],
    ]);
  });
});

describe('bad input is skipped with a reason', () => {
  it('a binary file named .txt', async () => {
    const result = await read('photo.txt', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
    expect(result).toEqual({ type: 'skipped', reason: 'binary content (not text)' });
  });

  it('bytes that are not UTF-8 (no NUL)', async () => {
    const result = await read('latin.txt', Buffer.alloc(2000, 0xe9));
    expect(result).toEqual({ type: 'skipped', reason: 'binary content (not UTF-8 text)' });
  });

  it('a file over the size limit is not read at all', async () => {
    const result = await read('huge.log', 'x'.repeat(3000), 2048);
    expect(result.type).toBe('skipped');
    expect(result.type === 'skipped' && result.reason).toMatch(/^larger than 0 MB/);
  });

  it('a corrupt PDF', async () => {
    const result = await read('broken.pdf', '%PDF-1.4\nthis is not really a pdf');
    expect(result.type).toBe('skipped');
    expect(result.type === 'skipped' && result.reason).toMatch(/^not a readable PDF: /);
  });

  it('a corrupt DOCX', async () => {
    const result = await read('broken.docx', 'PK not a zip');
    expect(result.type).toBe('skipped');
    expect(result.type === 'skipped' && result.reason).toMatch(/^not a readable DOCX: /);
  });

  it('a file that vanished before it was read', async () => {
    const dir = tempDir('taco-knowledge-read-');
    const result = await readFileChunks({ absolute: join(dir, 'gone.md'), relative: 'gone.md', size: 10, mtimeMs: 0 });
    expect(result).toEqual({ type: 'skipped', reason: 'could not be read: it no longer exists' });
  });

  it('a format the index does not read (by extension), e.g. a picture', async () => {
    const result = await read('cat.png', 'not even read');
    expect(result).toEqual({ type: 'skipped', reason: 'not a format the index reads (text, markdown, code, HTML, PDF, DOCX)' });
  });
});
