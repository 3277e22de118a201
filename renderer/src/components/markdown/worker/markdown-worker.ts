import { removePosition } from 'unist-util-remove-position';
import { renderBlockTree } from './block-pipeline';
import type { BlockReply, BlockRequest } from './block-protocol';

/**
 * The markdown worker: parses finished blocks, typesets their maths and highlights their code
 * off the window's main thread (`block-renderer.ts` starts it and stops it past its deadline).
 * It has no DOM, no network use and nothing of the window's; it only answers with hast trees.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<BlockRequest>) => void) | null;
  postMessage(reply: BlockReply): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event: MessageEvent<BlockRequest>) => {
  const { id, text, math, highlight } = event.data;
  let reply: BlockReply;
  try {
    const tree = renderBlockTree({ text: String(text), math: math === true, highlight: highlight === true });
    // Source positions are for nothing in the window: without them the tree crosses (is cloned) in about half the time.
    removePosition(tree, { force: true });
    reply = { type: 'tree', id, tree };
  } catch (error) {
    reply = { type: 'failed', id, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
};
