import { DiffPreview } from '../approvals/DiffPreview';

/**
 * The diff between two versions of a document, as main computed it. The one place the browser
 * draws a diff: the app's diff view goes here.
 */
export function DocumentDiff({ diff }: { diff: string }) {
  return <DiffPreview diff={diff} />;
}
