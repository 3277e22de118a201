import { useState } from 'react';
import type { BrowsedDocument } from '../../../../shared/documents/document-browser';
import { Tabs } from '../ui/Tabs';
import { DocumentMeta } from './DocumentMeta';
import { DocumentVersions } from './DocumentVersions';
import { versionEntries } from './document-versions';
import { VersionCompare } from './VersionCompare';
import { VersionPreview } from './VersionPreview';

interface Props {
  conversationId: string;
  document: BrowsedDocument;
  undone: ReadonlySet<number>;
  /** Grows each time the list is read again (after a restore), so previews read again too. */
  revision: number;
  onChanged(): Promise<void>;
}

const formatTime = (at: number): string => new Date(at).toLocaleString();

/** The selected document: its details, then its content, its versions, or a comparison of two of them. */
export function DocumentDetail({ conversationId, document, undone, revision, onChanged }: Props) {
  const [tab, setTab] = useState('preview');
  const entries = versionEntries(document.records, undone, formatTime);
  const latest = entries.at(-1)!;
  return (
    <section className="document-detail" data-testid="document" data-path={document.path} aria-label={document.path}>
      <h3 className="document-path">{document.path}</h3>
      <DocumentMeta meta={document.meta} />
      <Tabs
        label={`${document.path}: content and versions`}
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            value: 'preview',
            label: 'Preview',
            testId: 'document-tab-preview',
            content: <VersionPreview conversationId={conversationId} version={latest.ref} revision={revision} />,
          },
          {
            value: 'versions',
            label: `Versions (${entries.length})`,
            testId: 'document-tab-versions',
            content: (
              <DocumentVersions
                key={document.path}
                conversationId={conversationId}
                path={document.path}
                entries={entries}
                revision={revision}
                onChanged={onChanged}
              />
            ),
          },
          {
            value: 'compare',
            label: 'Compare',
            testId: 'document-tab-compare',
            content: <VersionCompare key={`${document.path}:${entries.length}`} conversationId={conversationId} entries={entries} />,
          },
        ]}
      />
    </section>
  );
}
