import { jsonOutput, stringArg } from '../catalogue/tool-args';
import { TOOL_DEFAULTS } from '../catalogue/tool-defaults';
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
    timeoutMs: TOOL_DEFAULTS.calculateTimeoutMs,
    maxMemoryMb: TOOL_DEFAULTS.calculateMaxMemoryMb,
    maxExpressionChars: TOOL_DEFAULTS.calculateMaxExpressionChars,
    maxResultChars: TOOL_DEFAULTS.calculateMaxResultChars,
  }),
);
