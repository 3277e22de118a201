import { useEffect, useState } from 'react';
import { copyText } from './copy-text';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies a code block's text; says so for a moment, or says how to copy by hand when it cannot. */
export function CopyCodeButton({ text }: { text: string }) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await copyText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  const label = state === 'copied' ? 'Copied' : state === 'failed' ? 'Select and press Ctrl+C' : 'Copy';
  return (
    <button
      type="button"
      className="md-code-copy"
      data-testid="code-copy"
      aria-label={state === 'idle' ? 'Copy code' : label}
      onClick={() => void copy()}
    >
      {label}
    </button>
  );
}
