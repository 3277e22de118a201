import type { Root } from 'hast';

const costs = new WeakMap<Root, number>();

/** Elements a worker tree puts on the page (counted once per tree): its cost in the frame budget. */
export function treeCost(tree: Root): number {
  const known = costs.get(tree);
  if (known !== undefined) return known;
  let count = 0;
  const visit = (node: { type: string; children?: unknown }): void => {
    if (node.type === 'element') count += 1;
    if (Array.isArray(node.children)) for (const child of node.children as { type: string }[]) visit(child);
  };
  visit(tree);
  costs.set(tree, count);
  return count;
}
