/**
 * Child process for safe-math-exit.test.ts: one calculation asked while the worker still loads
 * mathjs, one more once it is up, then nothing. It must print both results and then exit by
 * itself: the idle worker does not keep its process alive, a pending calculation does.
 */
import { createMathEvaluator } from '../safe-math';

const evaluator = createMathEvaluator({ timeoutMs: 10_000, maxMemoryMb: 64, maxExpressionChars: 200, maxResultChars: 100 });
const signal = new AbortController().signal;
process.stdout.write(`${await evaluator.evaluate('6 * 7', signal)}\n`);
process.stdout.write(`${await evaluator.evaluate('2^10', signal)}\n`);
