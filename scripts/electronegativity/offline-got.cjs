// Loaded first by scan.cjs (run by run-electronegativity.ts): the scan is static
// and offline. Electronegativity asks the network for translations and Electron's release list
// through `got`, which retries each failed lookup with back-off (~10 s of waiting per scan on a
// machine without network). Here every such request fails at once instead, and nothing leaves
// the machine. The checks themselves never use `got`.
'use strict';
const Module = require('node:module');

const scanner = require.resolve('@doyensec/electronegativity/package.json');
const gotPath = require.resolve('got', { paths: [scanner] });
const offline = () => Promise.reject(new Error('offline: the Electronegativity scan in npm test does not use the network'));
const stub = Object.assign(offline, { get: offline, head: offline, post: offline, extend: () => stub });
const cached = new Module(gotPath);
cached.filename = gotPath;
cached.loaded = true;
cached.exports = stub;
require.cache[gotPath] = cached;
