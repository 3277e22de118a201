/**
 * The code of the worker thread that evaluates calculate expressions. It runs as an eval'd
 * CommonJS worker so it loads the same way under vitest, tsx and Electron's main process.
 *
 * Following mathjs's security notes, functions that alter the instance (import, createUnit,
 * config) or parse text into expression trees (evaluate, parse, compile, simplify, derivative,
 * resolve, ...) are replaced by functions that throw, after keeping a private `evaluate`.
 * Each expression runs with a fresh, empty scope. The worker says `ready` once mathjs is loaded:
 * an expression's time limit counts from then, not from a start that a busy machine makes slow.
 */
export const MATH_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { create, all } = require(workerData.mathjsPath);
const math = create(all);
const evaluate = math.evaluate;
const disabled = {};
for (const name of workerData.blocked) {
  disabled[name] = function () {
    throw new Error('the function "' + name + '" is not available in calculate');
  };
}
math.import(disabled, { override: true });
parentPort.postMessage({ type: 'ready' });
parentPort.on('message', function (request) {
  try {
    let value = evaluate(String(request.expression), {});
    if (value && value.isResultSet) value = value.entries[value.entries.length - 1];
    if (typeof value === 'function') throw new Error('the expression names a function; call it with arguments, e.g. sqrt(2)');
    const text = value === undefined ? '' : math.format(value, { precision: 14, lowerExp: -9, upperExp: 21 });
    parentPort.postMessage({ id: request.id, type: 'result', text: text });
  } catch (error) {
    parentPort.postMessage({ id: request.id, type: 'error', message: error && error.message ? String(error.message) : String(error) });
  }
});
`;

/** mathjs functions calculate refuses (mathjs security docs, plus the symbolic helpers). */
export const BLOCKED_MATH_FUNCTIONS = [
  'import',
  'createUnit',
  'evaluate',
  'parse',
  'compile',
  'parser',
  'simplify',
  'simplifyConstant',
  'simplifyCore',
  'derivative',
  'resolve',
  'rationalize',
  'leafCount',
  'symbolicEqual',
  'reviver',
  'replacer',
  'config',
  'chain',
  'help',
] as const;
