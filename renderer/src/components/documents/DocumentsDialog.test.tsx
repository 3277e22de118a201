import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BrowsedDocument, VersionContent } from '../../../../shared/documents/document-browser';
import type { DocumentRecord, VersionRecord, VersionRef } from '../../../../shared/documents/documents';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { DocumentsDialog } from './DocumentsDialog';

const HASH_OLD = 'a'.repeat(64);
const HASH_NEW = 'b'.repeat(64);
const PNG_URL = 'data:image/png;base64,iVBORw0KGgo=';

const write = (seq: number, path: string, before: string | null, after: string): VersionRecord => ({
  seq,
  at: 1_700_000_000_000 + seq,
  kind: 'write',
  path,
  workspace: null,
  tool: 'write_file',
  callId: `k${seq}`,
  runId: 'r1',
  before: before === null ? null : { hash: before, size: 13 },
  after: { hash: after, size: 16 },
});

const meta = (path: string, extra: Partial<DocumentRecord>): DocumentRecord => ({
  path,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  createdBy: { runId: 'r1', callId: 'k1', tool: 'write_file', task: 'Write the quarterly report' },
  updatedBy: { runId: 'r1', callId: 'k1', tool: 'write_file', task: 'Write the quarterly report' },
  mimeType: 'text/plain',
  size: 16,
  tokens: 4,
  description: '',
  tags: [],
  contentHash: HASH_NEW,
  autoSummary: null,
  summaryOf: null,
  ...extra,
});

const DOCUMENTS: BrowsedDocument[] = [
  {
    path: 'report.md',
    meta: meta('report.md', {
      mimeType: 'text/markdown',
      description: 'Quarterly figures',
      tags: ['finance', 'q3'],
      autoSummary: 'Revenue grew in the third quarter.',
    }),
    // The file existed before TACO first wrote it; the second write wrote the same content again.
    records: [write(1, 'report.md', HASH_OLD, HASH_NEW), write(2, 'report.md', HASH_NEW, HASH_NEW)],
  },
  {
    path: 'chart.png',
    meta: meta('chart.png', {
      mimeType: 'image/png',
      tags: ['charts'],
      createdBy: { runId: null, callId: null, tool: 'user', task: 'Here' },
    }),
    records: [write(3, 'chart.png', null, HASH_OLD)],
  },
];

const CONTENT: Record<string, VersionContent> = {
  '1:before': { type: 'text', mimeType: 'text/markdown', size: 13, text: 'Old figures\n', shortened: false },
  '1:after': { type: 'text', mimeType: 'text/markdown', size: 16, text: '# Revenue\n\nUp **12%**.\n', shortened: false },
  '2:after': { type: 'text', mimeType: 'text/markdown', size: 16, text: '# Revenue\n\nUp **12%**.\n', shortened: false },
  '3:after': { type: 'image', mimeType: 'image/png', size: 10, dataUrl: PNG_URL },
};

async function openBrowser() {
  const api = createFakeApi();
  api.handle('documents.browse', () => ({ documents: DOCUMENTS, undone: [] }));
  api.handle('documents.content', ({ version }: { version: VersionRef }) => {
    return CONTENT[`${version.seq}:${version.side}`] ?? { type: 'unavailable', message: 'not in this test' };
  });
  api.handle('documents.diff', () => ({ diff: '@@ -1 +1 @@\n-a\n+b' }));
  const env = await renderWithStore(<DocumentsDialog conversationId="c1" onClose={() => undefined} />, { api });
  const dialog = await screen.findByTestId('documents-dialog');
  await within(dialog).findAllByTestId('documents-item');
  return { ...env, dialog };
}

const listed = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByTestId('documents-item')
    .map((item) => item.getAttribute('data-path'));

describe('the Documents browser', () => {
  it('lists every document and narrows the list by search over description, tags and summary, and by tag', async () => {
    const { dialog } = await openBrowser();
    expect(listed(dialog)).toEqual(['report.md', 'chart.png']);

    await userEvent.type(within(dialog).getByTestId('documents-search'), 'revenue');
    expect(listed(dialog)).toEqual(['report.md']);
    await userEvent.clear(within(dialog).getByTestId('documents-search'));
    await userEvent.type(within(dialog).getByTestId('documents-search'), 'nothing like it');
    expect(within(dialog).getByTestId('documents-no-match')).toBeTruthy();
    await userEvent.clear(within(dialog).getByTestId('documents-search'));

    await userEvent.selectOptions(within(dialog).getByTestId('documents-filter-tag'), 'charts');
    expect(listed(dialog)).toEqual(['chart.png']);
    await userEvent.selectOptions(within(dialog).getByTestId('documents-filter-tag'), '');
    await userEvent.selectOptions(within(dialog).getByTestId('documents-filter-creator'), 'You (attached)');
    expect(listed(dialog)).toEqual(['chart.png']);
    await userEvent.selectOptions(within(dialog).getByTestId('documents-filter-creator'), '');
    await userEvent.selectOptions(within(dialog).getByTestId('documents-filter-type'), 'text/markdown');
    expect(listed(dialog)).toEqual(['report.md']);
  });

  it("shows the selected document's metadata and previews markdown rendered and pictures shown", async () => {
    const { dialog } = await openBrowser();
    const details = within(dialog).getByTestId('document-meta');
    expect(details.textContent).toContain('Quarterly figures');
    expect(details.textContent).toContain('finance');
    expect(details.textContent).toContain('Write the quarterly report');
    expect(details.textContent).toContain('text/markdown');
    expect(details.textContent).toContain('4 tokens');
    expect(within(dialog).getByTestId('document-summary').textContent).toContain('Revenue grew in the third quarter.');

    const preview = await within(dialog).findByTestId('markdown');
    expect(within(preview).getByRole('heading', { name: 'Revenue' })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: /chart\.png/ }));
    const image = await within(dialog).findByTestId('document-preview-image');
    expect(image.getAttribute('src')).toBe(PNG_URL);
  });

  it("lists the content from before TACO's first change as the first version, with its preview", async () => {
    const { dialog, api } = await openBrowser();
    await userEvent.click(within(dialog).getByTestId('document-tab-versions'));
    const versions = await within(dialog).findAllByTestId('document-version');
    expect(versions.map((version) => version.textContent)).toEqual([
      expect.stringContaining("Before TACO's first change"),
      expect.stringContaining('#1 Written by write_file'),
      expect.stringContaining('#2 Written by write_file'),
    ]);

    await userEvent.click(within(versions[0]!).getByTestId('document-version-preview'));
    await waitFor(() => expect(within(dialog).getByTestId('document-preview').textContent).toContain('Old figures'));
    expect(api.callsOf('documents.content')).toContainEqual({ conversationId: 'c1', version: { seq: 1, side: 'before' } });
  });

  it('says "No differences" for two versions with the same content, and shows the diff otherwise', async () => {
    const { dialog, api } = await openBrowser();
    await userEvent.click(within(dialog).getByTestId('document-tab-compare'));
    await userEvent.selectOptions(await within(dialog).findByTestId('document-diff-from'), '1:after');
    await userEvent.selectOptions(within(dialog).getByTestId('document-diff-to'), '2:after');
    await userEvent.click(within(dialog).getByTestId('document-diff'));
    expect((await within(dialog).findByTestId('document-no-differences')).textContent).toContain('No differences');
    expect(api.callsOf('documents.diff')).toEqual([]);

    await userEvent.selectOptions(within(dialog).getByTestId('document-diff-from'), '1:before');
    await userEvent.click(within(dialog).getByTestId('document-diff'));
    expect((await within(dialog).findByTestId('diff-preview')).textContent).toContain('+b');
    expect(within(dialog).queryByTestId('document-no-differences')).toBeNull();
  });
});
