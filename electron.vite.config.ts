import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
/** out/ unless TACO_ELECTRON_OUT moves all three bundles elsewhere (the startup smoke test builds its own). */
const outRoot = process.env.TACO_ELECTRON_OUT ? resolve(process.env.TACO_ELECTRON_OUT) : here('./out');

/**
 * `npm run build` / `npm run dev` / `npm start` (electron-vite): main and preload from
 * electron/, the renderer from renderer/ with the same settings as renderer/vite.config.ts.
 * Output goes to out/{main,preload,renderer}; package.json "main" points at out/main/index.js.
 */
export default defineConfig({
  main: {
    build: {
      outDir: join(outRoot, 'main'),
      // index.js is main; engine-host.js is the built-in engine's utility process (utility-engine-process.ts).
      lib: {
        entry: {
          index: here('./electron/hosts/electron/index.ts'),
          'engine-host': here('./electron/services/engine/process/engine-host-main.ts'),
        },
      },
      // Every dependency stays a require() of node_modules (electron-vite's default), node-llama-cpp
      // above all: its native binaries are loaded from disk (asarUnpack in build/electron-builder.yml).
      externalizeDeps: { include: ['node-llama-cpp'] },
    },
  },
  preload: {
    build: {
      outDir: join(outRoot, 'preload'),
      // A sandboxed preload cannot require anything but a few Electron modules: bundle every
      // dependency (zod comes with the contract) into one CommonJS file.
      externalizeDeps: false,
      lib: { entry: here('./electron/hosts/electron/preload/index.ts'), formats: ['cjs'] },
      rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: here('./renderer'),
    base: './',
    plugins: [react()],
    // The diagram frame's script (diagrams/frame/diagram-frame-main.ts, a `?worker&url` import): one
    // classic script at a fixed path, which the sandboxed frame's page (public/diagram-frame.html) loads.
    worker: { format: 'iife', rolldownOptions: { output: { entryFileNames: 'diagram-frame/[name].js' } } },
    build: {
      outDir: join(outRoot, 'renderer'),
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
      rolldownOptions: { input: here('./renderer/index.html') },
    },
  },
});
