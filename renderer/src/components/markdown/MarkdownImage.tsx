import { useState } from 'react';
import { hostOf } from './url-policy';

interface Props {
  /** Already through the URL policy: a data: raster image or https, or absent when dropped. */
  src?: string;
  alt?: string;
}

/**
 * An image in model output. data: images show at once; an https image loads only when the user
 * asks (a remote image tells its server that, and when, the answer was read, and can carry words
 * of the conversation in its address). Anything else is a placeholder.
 */
export function MarkdownImage({ src, alt }: Props) {
  const [load, setLoad] = useState(false);
  const label = alt?.trim() || 'image';

  if (!src) {
    return (
      <span className="md-image-removed" data-testid="md-image-removed" title="Image removed: only https and embedded images are shown.">
        [{label}]
      </span>
    );
  }
  if (src.startsWith('data:') || load) {
    return (
      <img
        className="md-image"
        data-testid="md-image"
        src={src}
        alt={alt ?? ''}
        referrerPolicy="no-referrer"
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <button type="button" className="md-image-load" data-testid="md-image-load" onClick={() => setLoad(true)}>
      Show image “{label}” from {hostOf(src)}
    </button>
  );
}
