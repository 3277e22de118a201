import type { Attachment } from './use-image-attachments';

interface Props {
  attachments: readonly Attachment[];
  onRemove(id: number): void;
}

/** Thumbnails of the pictures that go with the next message, each with a remove button. */
export function AttachmentPreviews({ attachments, onRemove }: Props) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachments" data-testid="attachments" aria-label="Attached pictures">
      {attachments.map((attachment) => (
        <li key={attachment.id} className="attachment" data-testid="attachment">
          <img src={`data:image/${attachment.kind};base64,${attachment.base64}`} alt={attachment.name} />
          <button
            type="button"
            className="attachment-remove"
            data-testid="attachment-remove"
            aria-label={`Remove ${attachment.name}`}
            onClick={() => onRemove(attachment.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
