import { extname } from 'node:path';
import type { DocumentRecord } from '../../../../shared/documents/documents';
import { detectImageType } from './image-format';
import { sha256 } from '../../documents/versions/content-blobs';
import type { DocumentIndex } from '../../documents/search/document-index';

export interface AttachmentsNote {
  conversationId: string;
  /** Base64 images from the composer, already checked (checkImageData). */
  images: readonly string[];
  /** The message they came with: the records' task and description, so a word search finds them. */
  userText: string;
  model: string;
  /** Settles once the message's run is started: the descriptions then wait for it to end, never going in front of its steps. */
  runStarted: Promise<unknown>;
}

/** The author of what the user attached: no run, no tool call; `tool: 'user'` is what the creator filter matches. */
export const USER_AUTHOR_TOOL = 'user';

/**
 * Pictures the user attached to a message become document records like the files tools write
 * (creator the user, MIME type, size, token count; in the background the message's model, which
 * chat.send checked can see, describes each picture as the automatic summary). Named by their content, so
 * the same picture sent twice is one record.
 */
export async function noteAttachments(index: DocumentIndex, note: AttachmentsNote): Promise<DocumentRecord[]> {
  const records: DocumentRecord[] = [];
  for (const image of note.images) {
    const type = detectImageType(image);
    if (type === null) continue;
    const content = Buffer.from(image, 'base64');
    const path = `attachments/${sha256(content).slice(0, 16)}.${type === 'jpeg' ? 'jpg' : type}`;
    records.push(
      await index.noteWrite({
        conversationId: note.conversationId,
        path,
        content,
        author: { runId: null, callId: null, tool: USER_AUTHOR_TOOL, task: note.userText.slice(0, 2000) },
        model: note.model,
        // chat.send checked that the model can see before it noted these.
        modelSeesImages: true,
        summaryAfter: note.runStarted,
        description: `Attached by the user (${extname(path).slice(1)} picture) with the message: ${note.userText}`.slice(0, 2000),
        tags: ['attachment'],
      }),
    );
  }
  return records;
}
