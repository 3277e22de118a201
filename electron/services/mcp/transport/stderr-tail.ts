import { DEFAULTS } from '../../../../shared/constants';

/** The last lines a server wrote to stderr: shown when it fails, never logged (they may hold secrets the user can see anyway). */
export interface StderrTail {
  push(chunk: Buffer | string): void;
  lines(): string[];
}

export function createStderrTail(
  maxLines: number = DEFAULTS.mcp.stderrTailLines,
  maxLineChars: number = DEFAULTS.mcp.stderrLineMaxChars,
): StderrTail {
  const lines: string[] = [];
  let partial = '';
  const add = (line: string): void => {
    const clean = line.replace(/\r$/, '');
    if (clean.trim() === '') return;
    lines.push(clean.length > maxLineChars ? `${clean.slice(0, maxLineChars)}…` : clean);
    if (lines.length > maxLines) lines.splice(0, lines.length - maxLines);
  };
  return {
    push(chunk) {
      const text = partial + String(chunk);
      const parts = text.split('\n');
      partial = (parts.pop() ?? '').slice(-maxLineChars * 4);
      for (const part of parts) add(part);
    },
    lines: () => (partial.trim() ? [...lines, partial].slice(-maxLines) : [...lines]),
  };
}
