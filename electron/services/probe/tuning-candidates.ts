import { DEFAULTS } from '../../../shared/constants';
import type { ProbeSetting } from '../../../shared/probe/probe-report';

export type TuningStage = 'toolMode' | 'toolBudget' | 'think';

export function settingKey(setting: ProbeSetting): string {
  return `${setting.toolMode}/${setting.toolBudget}/${setting.think ? 'think' : 'no-think'}`;
}

/**
 * The settings one tuning stage tries beside the best so far, changing only that stage's knob:
 * the other tool format (native only where the server takes tools), the other budgets, thinking
 * off or on (only for a thinking model).
 */
export function tuningCandidates(
  best: ProbeSetting,
  stage: TuningStage,
  capabilities: { tools: boolean; thinking: boolean },
): ProbeSetting[] {
  switch (stage) {
    case 'toolMode':
      if (best.toolMode === 'native') return [{ ...best, toolMode: 'prompt' }];
      return capabilities.tools ? [{ ...best, toolMode: 'native' }] : [];
    case 'toolBudget':
      return DEFAULTS.modelCheck.toolBudgets.filter((budget) => budget !== best.toolBudget).map((toolBudget) => ({ ...best, toolBudget }));
    case 'think':
      return capabilities.thinking ? [{ ...best, think: !best.think }] : [];
    // Stryker disable next-line all: the exhaustive check, unreachable (TypeScript proves `never`)
    default: {
      const unreachable: never = stage;
      return unreachable;
    }
  }
}
