import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);

/**
 * Workers have no DOM: packages whose browser build uses one (decode-named-character-reference
 * decodes `&amp;` through a DOM element) get their DOM-free build (their own `worker` export) there.
 */
const DOM_FREE_IN_WORKERS: Record<string, string> = {
  'decode-named-character-reference': require.resolve('decode-named-character-reference').replace(/index\.dom\.js$/, 'index.js'),
};
const domFreeInWorkers = {
  name: 'taco-dom-free-in-workers',
  enforce: 'pre' as const,
  resolveId: (id: string) => DOM_FREE_IN_WORKERS[id] ?? null,
};

/** `npm run build:renderer`: the React app into renderer/dist, with relative paths (file:// and the web host). */
export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  // The diagram frame's script (diagrams/frame/diagram-frame-main.ts, a `?worker&url` import): one
  // classic script at a fixed path, which the sandboxed frame's page (public/diagram-frame.html)
  // loads. The markdown worker (markdown/worker/markdown-worker.ts) is a same-origin asset like the rest.
  worker: {
    format: 'iife',
    plugins: () => [domFreeInWorkers],
    rolldownOptions: {
      output: { entryFileNames: (chunk) => (chunk.name === 'diagram-frame-main' ? 'diagram-frame/[name].js' : 'assets/[name]-[hash].js') },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Keep everything in files: the CSP allows no inline scripts or styles, and no data: scripts.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
