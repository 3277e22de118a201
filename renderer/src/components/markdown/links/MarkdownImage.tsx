import { useState } from 'react';
import { MarkdownLink } from './MarkdownLink';
import { hostOf } from './url-policy';

interface Props {
  /** Already through the URL policy: a data: raster image or https, or absent when dropped. */
  src?: string;
  alt?: string;
}

/**
 * An image in model output. data: images show at once; an https image loads only when the user
 * asks (a remote image tells its server that, and when, the answer was read, and can carry words
 * of the conversation in its address). Anything else is a placeholder. An image that does not load
 * says so and offers its address to open in the browser: the desktop window has no network of its
 * own (electron/hosts/electron/window-network.ts), so there a remote image always ends here.
 */
export function MarkdownImage({ src, alt }: Props) {
  const [load, setLoad] = useState<'no' | 'yes' | 'failed'>('no');
  const label = alt?.trim() || 'image';

  if (!src) {
    return (
      <span className="md-image-removed" data-testid="md-image-removed" title="Image removed: only https and embedded images are shown.">
        [{label}]
      </span>
    );
  }
  if (load === 'failed') {
    return (
      <span className="md-image-failed" data-testid="md-image-failed">
        Image “{label}” could not be shown here. <MarkdownLink href={src}>Open it in your browser</MarkdownLink>
      </span>
    );
  }
  if (src.startsWith('data:') || load === 'yes') {
    return (
      <img
        className="md-image"
        data-testid="md-image"
        src={src}
        alt={alt ?? ''}
        referrerPolicy="no-referrer"
        loading="lazy"
        decoding="async"
        onError={() => setLoad('failed')}
      />
    );
  }
  return (
    <button type="button" className="md-image-load" data-testid="md-image-load" onClick={() => setLoad('yes')}>
      Show image “{label}” from {hostOf(src)}
    </button>
  );
}
