import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useTaco } from '../../../store/store-context';
import { copyText } from '../code/copy-text';
import { hostOf } from './url-policy';

interface Props {
  /** Already through the URL policy: http(s) or mailto, or absent when the link was dropped. */
  href?: string;
  children?: ReactNode;
}

/**
 * A link in model output. A click never navigates this window: web links go through main's
 * openExternal guard; mail links copy the address (and say so next to the link). A link the
 * policy dropped is plain text.
 */
export function MarkdownLink({ href, children }: Props) {
  const openLink = useTaco((state) => state.openLink);
  const notify = useTaco((state) => state.notify);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!href) {
    return (
      <span
        className="md-link-removed"
        data-testid="md-link-removed"
        title="Link removed: only web and mail links can be opened from an answer."
      >
        {children}
      </span>
    );
  }

  const isMail = href.startsWith('mailto:');
  const activate = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (event.type === 'auxclick' && event.button !== 1) return;
    if (isMail) {
      const address = decodeURIComponent(href.slice('mailto:'.length).split('?')[0] ?? '');
      void copyText(address).then(
        () => setCopied(true),
        () => notify(`The address is ${address}. Select it and copy it by hand.`),
      );
      return;
    }
    void openLink(href);
  };

  return (
    <>
      <a
        href={href}
        className="md-link"
        data-testid="md-link"
        rel="noopener noreferrer nofollow"
        target="_blank"
        title={isMail ? `Copy ${hostOf(href)}` : `Open ${hostOf(href)} in your browser`}
        onClick={activate}
        onAuxClick={activate}
      >
        {children}
      </a>
      {copied && (
        <span className="md-link-copied" role="status" data-testid="md-link-copied">
          address copied
        </span>
      )}
    </>
  );
}
