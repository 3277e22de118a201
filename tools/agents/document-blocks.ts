import { DEFAULTS } from '../../shared/constants';
import { readWorkspaceFile } from '../files/read_file';

/** A document's automatic summary, when there is one for its current content. */
export type SummaryOf = (path: string) => Promise<string | null>;

/**
 * Documents passed between agents, loaded as content blocks the receiver reads without a tool
 * call: `<document path="…">content</document>`, all within `limitChars`. A document over its
 * share is given as its automatic summary when there is one, else as its beginning; either way
 * the block says so and names read_file for the rest. The content is the file's, untrusted: it
 * is fenced, never merged into the instructions.
 */
export async function documentBlocks(
  workspace: string | null,
  paths: readonly string[],
  limitChars: number = DEFAULTS.documents.passedChars,
  summaryOf?: SummaryOf,
): Promise<string> {
  if (paths.length === 0) return '';
  const share = Math.max(200, Math.floor(limitChars / paths.length));
  const blocks: string[] = [];
  for (const path of paths) {
    blocks.push(await block(workspace, path, share, summaryOf));
  }
  return blocks.join('\n');
}

async function block(workspace: string | null, path: string, share: number, summaryOf?: SummaryOf): Promise<string> {
  const name = JSON.stringify(path);
  let text: string;
  try {
    const { head } = await readWorkspaceFile(workspace, path);
    if (head.binary) return `<document path=${name} note="binary file of ${head.size} bytes; not shown" />`;
    text = head.text;
    if (!head.truncated && text.length <= share) return `<document path=${name}>\n${text}\n</document>`;
  } catch (error) {
    return `<document path=${name} note="could not be read: ${error instanceof Error ? error.message.replace(/"/g, "'") : 'unknown error'}" />`;
  }
  const summary = await summaryOf?.(path).catch(() => null);
  if (summary) {
    return `<document path=${name} note="too long to include (${text.length} characters or more); this is its summary; use read_file for the content">\n${summary.slice(0, share)}\n</document>`;
  }
  return `<document path=${name} note="too long to include; this is its beginning; use read_file for the rest">\n${text.slice(0, share)}\n</document>`;
}
