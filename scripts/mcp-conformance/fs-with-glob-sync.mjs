// `node:fs` with the Node 22 `globSync` export the conformance CLI names (see node20-glob-sync.mjs).
import fs from 'node:fs';

export * from 'node:fs';
export default fs;

export function globSync() {
  throw new Error('fs.globSync needs Node 22: the conformance tier-check command does not run on Node 20.');
}
