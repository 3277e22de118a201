import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../shared/constants';
import type { ProbeSetting } from '../../../shared/probe/probe-report';
import { settingKey, tuningCandidates } from './tuning-candidates';

const all = { tools: true, thinking: true };
const none = { tools: false, thinking: false };
const native: ProbeSetting = { toolMode: 'native', toolBudget: 16, think: false };
const prompt: ProbeSetting = { toolMode: 'prompt', toolBudget: 16, think: true };

describe('the settings a tuning stage tries', () => {
  it('the tool format: the other one, native only where the server takes tools', () => {
    expect(tuningCandidates(native, 'toolMode', none)).toEqual([{ ...native, toolMode: 'prompt' }]);
    expect(tuningCandidates(prompt, 'toolMode', all)).toEqual([{ ...prompt, toolMode: 'native' }]);
    expect(tuningCandidates(prompt, 'toolMode', { tools: false, thinking: true })).toEqual([]);
  });

  it('the budget: every other budget of the list, the rest of the setting kept', () => {
    const budgets = DEFAULTS.modelCheck.toolBudgets;
    const best = { ...prompt, toolBudget: budgets[0] ?? 0 };
    const candidates = tuningCandidates(best, 'toolBudget', all);
    expect(candidates.map((setting) => setting.toolBudget)).toEqual(budgets.slice(1));
    expect(candidates.every((setting) => setting.toolMode === 'prompt' && setting.think)).toBe(true);
    expect(tuningCandidates({ ...best, toolBudget: -1 }, 'toolBudget', none)).toHaveLength(budgets.length);
  });

  it('thinking: flipped, only for a thinking model', () => {
    expect(tuningCandidates(native, 'think', all)).toEqual([{ ...native, think: true }]);
    expect(tuningCandidates(prompt, 'think', all)).toEqual([{ ...prompt, think: false }]);
    expect(tuningCandidates(native, 'think', { tools: true, thinking: false })).toEqual([]);
  });

  it('a setting’s key names all three knobs, so no two settings share one', () => {
    expect(settingKey(native)).toBe('native/16/no-think');
    expect(settingKey(prompt)).toBe('prompt/16/think');
  });
});
