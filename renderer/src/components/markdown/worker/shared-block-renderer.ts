import { DEFAULTS } from '../../../../../shared/constants';
import { createBlockRenderer, type BlockWorker } from './block-renderer';

/**
 * The window's one markdown worker: a same-origin script of the bundle (Vite builds
 * `markdown-worker.ts` as its own file), so the CSP's `script-src 'self'` admits it and nothing
 * else. Started on the first block that needs it. Where there is no Worker (tests), blocks are
 * rendered in the window, one per task.
 */
function startWorker(): BlockWorker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./markdown-worker.ts', import.meta.url), {
    type: 'module',
    name: 'markdown-worker',
  }) as unknown as BlockWorker;
}

export const blockRenderer = createBlockRenderer({
  startWorker,
  // Loaded only where there is no worker: the parser, KaTeX and the highlighter stay out of the window's bundle.
  renderInThread: async (request) => (await import('./block-pipeline')).renderBlockTree(request),
  deadlineMs: DEFAULTS.rendererMarkdown.workerDeadlineMs,
  cacheEntries: DEFAULTS.rendererMarkdown.cacheEntries,
});
