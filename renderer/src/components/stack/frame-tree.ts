import type { FrameEntry } from '../../store/events/conversation-view';
import type { FrameTreeNode } from './StackFrameNode';

/** Nest frames under their parents; a frame whose parent is unknown sits at the root. */
export function buildFrameTree(entries: readonly FrameEntry[]): FrameTreeNode[] {
  const nodes = new Map<string, FrameTreeNode>(entries.map((entry) => [entry.frame.frameId, { entry, children: [] }]));
  const roots: FrameTreeNode[] = [];
  for (const entry of entries) {
    const node = nodes.get(entry.frame.frameId);
    if (!node) continue;
    const parentId = entry.frame.parentFrameId;
    const parent = parentId !== null && parentId !== entry.frame.frameId ? nodes.get(parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
