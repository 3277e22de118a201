// The conformance CLI imports `globSync` from `fs` (a Node 22 export) only for its `tier-check`
// command. On Node 20 that named import fails when the module links, before any command runs.
// This preload (`node --import`) resolves the CLI's `fs` to `fs-with-glob-sync.mjs`: all of
// `node:fs` plus a `globSync` that says it needs Node 22. The client scenarios never call it.
import { register } from 'node:module';

register('./fs-resolve-hook.mjs', import.meta.url);
