/** One fenced code block of a message: its language (the info string's first word) and its code. */
export interface FencedBlock {
  language: string | null;
  code: string;
}

const OPEN = /^( {0,3})(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/;

/**
 * The fenced code blocks of a markdown text, in order (CommonMark's fences: three or more backticks
 * or tildes, closed by the same character at least as long; an unclosed fence runs to the end).
 * The code is as markdown renders it: the fence's indentation removed from each line, no final newline.
 */
export function fencedBlocks(text: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const lines = text.split('\n');
  let index = 0;
  while (index < lines.length) {
    const open = OPEN.exec(lines[index] ?? '');
    index += 1;
    if (!open) continue;
    const indent = open[1]?.length ?? 0;
    const fence = open[2] ?? '```';
    const language = open[3] ? open[3] : null;
    const body: string[] = [];
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    while (index < lines.length && !close.test(lines[index] ?? '')) {
      body.push((lines[index] ?? '').replace(new RegExp(`^ {0,${indent}}`), ''));
      index += 1;
    }
    index += 1;
    blocks.push({ language, code: body.join('\n') });
  }
  return blocks;
}
