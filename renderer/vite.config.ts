import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** `npm run build:renderer`: the React app into renderer/dist, with relative paths (file:// and the web host). */
export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  // The diagram frame's script (diagrams/frame/diagram-frame-main.ts, a `?worker&url` import): one
  // classic script at a fixed path, which the sandboxed frame's page (public/diagram-frame.html) loads.
  worker: { format: 'iife', rolldownOptions: { output: { entryFileNames: 'diagram-frame/[name].js' } } },
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
