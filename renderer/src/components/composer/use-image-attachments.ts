import { DEFAULTS } from '../../../../shared/constants';
import { useCallback, useState, type ClipboardEvent, type DragEvent } from 'react';
import { prepareImage, type PreparedImage, type Reencode } from './prepare-image';

export interface Attachment extends PreparedImage {
  id: number;
}

export interface ImageAttachments {
  attachments: Attachment[];
  /** Why the last file was not attached, in words; null when all went well. */
  problem: string | null;
  dragging: boolean;
  addFiles(files: readonly File[]): Promise<void>;
  remove(id: number): void;
  clear(): void;
  onPaste(event: ClipboardEvent): void;
  dropTarget: {
    onDragEnter(event: DragEvent): void;
    onDragOver(event: DragEvent): void;
    onDragLeave(event: DragEvent): void;
    onDrop(event: DragEvent): void;
  };
}

let nextId = 1;

function hasFiles(event: DragEvent): boolean {
  return [...(event.dataTransfer?.types ?? [])].includes('Files');
}

/**
 * Pictures attached to the next message: by drag and drop, paste, or the file picker. Only a model
 * that can see takes them (`refusal` says why not); at most DEFAULTS.images.maxImages, within the
 * size the contract allows.
 */
export function useImageAttachments(refusal: string | null, reencode?: Reencode): ImageAttachments {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const addFiles = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      if (refusal) {
        setProblem(refusal);
        return;
      }
      setProblem(null);
      let current = attachments;
      for (const file of files) {
        if (current.length >= DEFAULTS.images.maxImages) {
          setProblem(`At most ${DEFAULTS.images.maxImages} pictures go with one message.`);
          break;
        }
        const used = current.reduce((sum, attachment) => sum + attachment.base64.length, 0);
        const target = Math.min(DEFAULTS.images.targetBase64Chars, DEFAULTS.images.maxTotalBase64Chars - used);
        const result = await prepareImage(file, target, reencode);
        if (result.type === 'refused') {
          setProblem(result.message);
          continue;
        }
        current = [...current, { ...result.image, id: nextId++ }];
        setAttachments(current);
      }
    },
    [attachments, refusal, reencode],
  );

  const imageFiles = (list: FileList | null | undefined): File[] =>
    [...(list ?? [])].filter((file) => file.type === '' || file.type.startsWith('image/'));

  return {
    attachments,
    problem,
    dragging,
    addFiles,
    remove: (id) => {
      setAttachments((list) => list.filter((attachment) => attachment.id !== id));
      setProblem(null);
    },
    clear: () => {
      setAttachments([]);
      setProblem(null);
    },
    onPaste(event) {
      const files = imageFiles(event.clipboardData?.files);
      if (files.length === 0) return;
      // A picture copied from a web page comes with its text: keep pasting the text then.
      if (!event.clipboardData.getData('text/plain')) event.preventDefault();
      void addFiles(files);
    },
    dropTarget: {
      onDragEnter(event) {
        if (hasFiles(event)) setDragging(true);
      },
      onDragOver(event) {
        if (!hasFiles(event)) return;
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = refusal ? 'none' : 'copy';
      },
      onDragLeave(event) {
        if (event.currentTarget === event.target) setDragging(false);
      },
      onDrop(event) {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        void addFiles(imageFiles(event.dataTransfer?.files));
      },
    },
  };
}
