import type { Root } from 'hast';
import { highlightTree } from './highlight-tree';
import { highlighter } from './shared-highlighter';

/** Highlights a block's code with the shared highlighter (`highlight-tree.ts`); does nothing until it is loaded. */
export function rehypeHighlightCode() {
  return (tree: Root): void => {
    const lowlight = highlighter();
    if (lowlight) highlightTree(tree, lowlight);
  };
}
