import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * `npm run build:web`: the web host (electron/hosts/web/web-main.ts) as one ES module for plain
 * `node`, into out/web/web-main.js. Under tsx every TypeScript file of main was transformed at
 * each start (~1 s of the cold start); here that happens once, at build time. As in the Electron
 * build (electron.vite.config.ts), the tool catalogue and the built-in workflows come through
 * `import.meta.glob` (tools/catalogue/load-catalogue.ts, electron/services/workflows/workflow-sources.ts).
 *
 * Unlike Electron's main, the dependencies are bundled too (`noExternal`): resolving and loading
 * node_modules file by file took as long again as the whole bundle. What only some users need
 * (the openai client, the HTML parser, the MCP SDK's transports, ajv) is imported on first use and
 * lands in chunks of its own under out/web/assets/, so a start does not compile it. node_modules must still be
 * there at run time: the math worker loads mathjs by path (tools/utility/safe-math.ts), and MCP
 * servers are started with `npx`.
 */
export default defineConfig({
  root: here('./'),
  publicDir: false,
  logLevel: 'warn',
  // node-llama-cpp (the built-in engine) stays a plain import: native binaries, loaded from node_modules on first use.
  ssr: { noExternal: true, external: ['node-llama-cpp'] },
  define: { __TACO_WEB_BUNDLE__: 'true' },
  build: {
    ssr: true,
    // The built-in engine's own process (forked by the web host, web-host.ts): out/web/engine-host.js.
    rolldownOptions: {
      input: {
        'web-main': here('./electron/hosts/web/web-main.ts'),
        'engine-host': here('./electron/services/engine/process/engine-host-main.ts'),
      },
      output: { entryFileNames: '[name].js' },
    },
    outDir: here('./out/web'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
  },
});
