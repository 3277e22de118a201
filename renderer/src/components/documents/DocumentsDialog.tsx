import { useCallback, useEffect, useState } from 'react';
import type { DocumentsBrowseResult } from '../../../../shared/documents/document-browser';
import { useTaco } from '../../store/store-context';
import { Dialog } from '../ui/Dialog';
import { DocumentDetail } from './DocumentDetail';
import { DocumentList } from './DocumentList';
import { filterDocuments, NO_FILTER, type DocumentFilterState } from './document-filter';

interface Props {
  conversationId: string;
  onClose(): void;
}

/** The Documents browser: every file this conversation wrote, searchable and filtered, with its details, preview and versions. */
export function DocumentsDialog({ conversationId, onClose }: Props) {
  const browseDocuments = useTaco((state) => state.browseDocuments);
  const [list, setList] = useState<DocumentsBrowseResult | null>(null);
  const [revision, setRevision] = useState(0);
  const [filter, setFilter] = useState<DocumentFilterState>(NO_FILTER);
  const [selected, setSelected] = useState<string | null>(null);
  const reload = useCallback(async () => {
    setList(await browseDocuments(conversationId));
    setRevision((value) => value + 1);
  }, [browseDocuments, conversationId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const documents = list?.documents ?? [];
  const shown = filterDocuments(documents, filter);
  const current = shown.find((document) => document.path === selected) ?? shown[0] ?? null;
  return (
    <Dialog title="Documents" testId="documents-dialog" onClose={onClose} size="wide">
      {list === null && <p>Loading…</p>}
      {list !== null && documents.length === 0 && <p data-testid="documents-empty">No file has been written in this conversation yet.</p>}
      {documents.length > 0 && (
        <div className="document-browser">
          <DocumentList
            documents={documents}
            shown={shown}
            filter={filter}
            onFilter={setFilter}
            selected={current?.path ?? null}
            onSelect={setSelected}
          />
          {current && (
            <DocumentDetail
              key={current.path}
              conversationId={conversationId}
              document={current}
              undone={new Set(list?.undone ?? [])}
              revision={revision}
              onChanged={reload}
            />
          )}
        </div>
      )}
    </Dialog>
  );
}
