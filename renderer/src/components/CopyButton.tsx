import { DEFAULTS } from '../../../shared/constants';
import { useEffect, useState } from 'react';
import { useTaco } from '../store/store-context';

const UNAVAILABLE = 'Could not copy: the clipboard is not available here. Select the text and press Ctrl+C (⌘C on a Mac) instead.';

interface Props {
  text: string;
  /** What is copied, for screen readers ("message", "answer"). */
  what: string;
  testId?: string;
}

/** Copies text through the clipboard API and says "Copied" for a moment. */
export function CopyButton({ text, what, testId = 'copy-button' }: Props) {
  const notify = useTaco((state) => state.notify);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), DEFAULTS.rendererConversations.copiedConfirmMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard?.writeText) return notify(UNAVAILABLE);
    try {
      await clipboard.writeText(text);
      setCopied(true);
    } catch {
      notify(UNAVAILABLE);
    }
  };

  return (
    <>
      <button
        type="button"
        className="message-action"
        data-testid={testId}
        aria-label={copied ? `Copied the ${what}` : `Copy the ${what}`}
        disabled={!text}
        onClick={() => void copy()}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? 'Copied to the clipboard' : ''}
      </span>
    </>
  );
}
