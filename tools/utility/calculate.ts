import { DEFAULTS } from '../../shared/constants';
import { jsonOutput, stringArg } from '../catalogue/args/tool-args';
import type { ToolRun } from '../catalogue/tool-runtime-types';
import { createMathEvaluator, type MathEvaluator } from './safe-math';

/** calculate over an evaluator; tests build one with small limits. */
export function createCalculate(evaluator: MathEvaluator): ToolRun {
  return async (args, context) => {
    const expression = stringArg(args, 'expression');
    const result = await evaluator.evaluate(expression, context.signal);
    return jsonOutput({ expression, result });
  };
}

export const run: ToolRun = createCalculate(
  createMathEvaluator({
    timeoutMs: DEFAULTS.tools.calculateTimeoutMs,
    maxMemoryMb: DEFAULTS.tools.calculateMaxMemoryMb,
    maxExpressionChars: DEFAULTS.tools.calculateMaxExpressionChars,
    maxResultChars: DEFAULTS.tools.calculateMaxResultChars,
  }),
);
