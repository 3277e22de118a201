import { useEffect, useState } from 'react';
import type { VersionContent } from '../../../../shared/documents/document-browser';
import type { VersionRef } from '../../../../shared/documents/documents';
import { formatBytes } from '../../format/format-bytes';
import { useTaco } from '../../store/store-context';
import { Markdown } from '../markdown/Markdown';
import { ScrollText } from '../ui/ScrollText';

interface Props {
  conversationId: string;
  version: VersionRef;
  /** Changes when the document changes, so a restore shows the new content. */
  revision: number;
}

/** Only pictures main checked, as a base64 data URL of a raster type: nothing else reaches an <img>. */
const PICTURE_URL = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/;

/** One version's content: text as text, markdown rendered (sanitised like model output), pictures shown, anything else described. */
export function VersionPreview({ conversationId, version, revision }: Props) {
  const versionContent = useTaco((state) => state.versionContent);
  const [content, setContent] = useState<VersionContent | null>(null);
  const { seq, side } = version;

  useEffect(() => {
    let current = true;
    setContent(null);
    void versionContent(conversationId, { seq, side }).then((answer) => {
      if (current) setContent(answer ?? { type: 'unavailable', message: 'The preview could not be read.' });
    });
    return () => {
      current = false;
    };
  }, [versionContent, conversationId, seq, side, revision]);

  return (
    <div className="document-preview" data-testid="document-preview" data-kind={content?.type ?? 'loading'}>
      {content === null ? <p className="muted">Reading…</p> : <PreviewBody content={content} />}
    </div>
  );
}

function PreviewBody({ content }: { content: VersionContent }) {
  switch (content.type) {
    case 'text':
      return (
        <>
          {content.mimeType === 'text/markdown' ? (
            <Markdown text={content.text} streaming={false} />
          ) : (
            <ScrollText className="document-preview-text plain-text" label="The version's text">
              {content.text}
            </ScrollText>
          )}
          {content.shortened && (
            <p className="document-preview-note" data-testid="document-preview-shortened">
              Shortened: showing the first {content.text.length.toLocaleString()} characters of {formatBytes(content.size)}.
            </p>
          )}
        </>
      );
    case 'image':
      return PICTURE_URL.test(content.dataUrl) ? (
        <img className="document-preview-image" src={content.dataUrl} alt="Preview of this version" data-testid="document-preview-image" />
      ) : (
        <p className="document-preview-note">This picture could not be shown.</p>
      );
    case 'binary':
    case 'no-file':
    case 'unavailable':
      return <p className="document-preview-note">{content.message}</p>;
  }
}
