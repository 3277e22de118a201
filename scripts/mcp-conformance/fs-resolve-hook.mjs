// Module resolve hook for node20-glob-sync.mjs: only the conformance package's `fs` is redirected.
const shim = new URL('./fs-with-glob-sync.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const fromConformance = context.parentURL?.includes('/@modelcontextprotocol/conformance/') ?? false;
  if (fromConformance && (specifier === 'fs' || specifier === 'node:fs')) return { url: shim, shortCircuit: true };
  return nextResolve(specifier, context);
}
