import type { ReactNode } from 'react';
import { CopyCodeButton } from './CopyCodeButton';

interface Props {
  language: string | null;
  /** The code as plain text (what Copy puts on the clipboard). */
  code: string;
  /** The rendered <code> element (highlighted once the block is complete). */
  children: ReactNode;
}

/** A fenced code block: the language, a copy button, and the code. */
export function CodeBlock({ language, code, children }: Props) {
  return (
    <div className="md-code" data-testid="code-block" data-language={language ?? ''}>
      <div className="md-code-head">
        <span className="md-code-lang">{language ?? 'text'}</span>
        <CopyCodeButton text={code} />
      </div>
      <pre className="md-code-body">{children}</pre>
    </div>
  );
}
