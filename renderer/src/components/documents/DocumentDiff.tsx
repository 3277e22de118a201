import { DiffView } from '../diff/DiffView';

/**
 * The diff between two versions of a document, as main computed it: the app's one diff view (no
 * patch headers, line numbers, changed words marked, "No differences" for equal sides).
 */
export function DocumentDiff({ diff }: { diff: string }) {
  return <DiffView diff={diff} label="Changes between the two versions" />;
}
