import { useCallback, useEffect, useState } from 'react';
import type { DocumentsListResult } from '../../../../shared/documents';
import { useTaco } from '../../store/store-context';
import { Dialog } from '../ui/Dialog';
import { DocumentVersions } from './DocumentVersions';

interface Props {
  conversationId: string;
  onClose(): void;
}

/** The Documents panel: every file this conversation's tools wrote, with its versions. */
export function DocumentsDialog({ conversationId, onClose }: Props) {
  const listDocuments = useTaco((state) => state.listDocuments);
  const [list, setList] = useState<DocumentsListResult | null>(null);
  const reload = useCallback(async () => setList(await listDocuments(conversationId)), [listDocuments, conversationId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const undone = new Set(list?.undone ?? []);
  return (
    <Dialog title="Documents" testId="documents-dialog" onClose={onClose} size="wide">
      {list === null && <p>Loading…</p>}
      {list?.documents.length === 0 && <p data-testid="documents-empty">No file has been written in this conversation yet.</p>}
      {list?.documents.map((document) => (
        <DocumentVersions
          key={document.path}
          conversationId={conversationId}
          path={document.path}
          records={document.records}
          undone={undone}
          onChanged={reload}
        />
      ))}
    </Dialog>
  );
}
