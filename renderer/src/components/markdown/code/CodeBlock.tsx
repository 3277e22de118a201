import type { ReactNode } from 'react';
import { PreviewButton } from '../../artifacts/PreviewButton';
import { CopyCodeButton } from './CopyCodeButton';
import { ScrollText } from '../../ui/ScrollText';

interface Props {
  language: string | null;
  /** The code as plain text (what Copy puts on the clipboard). */
  code: string;
  /** The rendered <code> element (highlighted once the block is complete). */
  children: ReactNode;
}

/** A fenced code block: the language, Preview (an artifact in an answer), a copy button, and the code. */
export function CodeBlock({ language, code, children }: Props) {
  return (
    <div className="md-code" data-testid="code-block" data-language={language ?? ''}>
      <div className="md-code-head">
        <span className="md-code-lang">{language ?? 'text'}</span>
        <span className="md-code-actions">
          <PreviewButton language={language} code={code} />
          <CopyCodeButton text={code} />
        </span>
      </div>
      <ScrollText className="md-code-body" label={`Code, ${language ?? 'text'}`}>
        {children}
      </ScrollText>
    </div>
  );
}
