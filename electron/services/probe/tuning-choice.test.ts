import { describe, expect, it } from 'vitest';
import type { ProbeAttempt, ProbeSetting } from '../../../shared/probe/probe-report';
import { betterSetting, failingTaskIds, scoreOf, triesScore, type SettingScore } from './tuning-choice';

const native: ProbeSetting = { toolMode: 'native', toolBudget: 16, think: false };
const prompt: ProbeSetting = { toolMode: 'prompt', toolBudget: 16, think: false };

function score(setting: ProbeSetting, passes: number, meanMs: number): SettingScore {
  return { setting, passes, tries: 6, meanMs };
}

function attempt(taskId: string, passed: boolean, durationMs = 100): ProbeAttempt {
  return {
    taskId,
    passed,
    failure: passed ? null : 'wrong-answer',
    toolRounds: 1,
    firstTokenMs: null,
    tokensPerSecond: null,
    durationMs,
    note: null,
  };
}

describe('which setting tuning keeps', () => {
  it('more passes wins whichever is faster, in either order', () => {
    for (const [fewerMs, moreMs] of [
      [100, 900],
      [900, 100],
      [500, 500],
    ] as const) {
      expect(betterSetting(score(prompt, 4, moreMs), score(native, 3, fewerMs))).toBe(true);
      expect(betterSetting(score(prompt, 3, fewerMs), score(native, 4, moreMs))).toBe(false);
    }
  });

  it('a faster setting that fails as badly (no pass either way) is never preferred, in either order', () => {
    expect(betterSetting(score(prompt, 0, 100), score(native, 0, 900))).toBe(false);
    expect(betterSetting(score(native, 0, 100), score(prompt, 0, 900))).toBe(false);
    expect(betterSetting(score(prompt, 0, 900), score(native, 0, 100))).toBe(false);
  });

  it('equal passes above zero go to the strictly faster setting, whichever setting it is', () => {
    expect(betterSetting(score(prompt, 2, 100), score(native, 2, 900))).toBe(true);
    expect(betterSetting(score(native, 2, 100), score(prompt, 2, 900))).toBe(true);
    expect(betterSetting(score(prompt, 2, 900), score(native, 2, 100))).toBe(false);
    // A tie in time keeps what the model had.
    expect(betterSetting(score(prompt, 2, 500), score(native, 2, 500))).toBe(false);
    // One pass is enough for speed to count.
    expect(betterSetting(score(prompt, 1, 499), score(native, 1, 500))).toBe(true);
  });

  it('scores tries as passes of tries and their rounded mean time', () => {
    const attempts = [attempt('a', true, 100), attempt('a', false, 200), attempt('a', true, 201)];
    expect(triesScore(attempts)).toEqual({ passes: 2, tries: 3, meanMs: 167 });
    expect(triesScore([])).toEqual({ passes: 0, tries: 0, meanMs: 0 });
    expect(scoreOf(prompt, attempts)).toEqual({ setting: prompt, passes: 2, tries: 3, meanMs: 167 });
  });
});

describe('which tasks tuning runs again', () => {
  it('every task with a failed try, including one that passed some of its tries; none that passed all', () => {
    const byTask = new Map<string, ProbeAttempt[]>([
      ['all', [attempt('all', true), attempt('all', true), attempt('all', true)]],
      ['two-of-three', [attempt('two-of-three', true), attempt('two-of-three', false), attempt('two-of-three', true)]],
      ['last-fails', [attempt('last-fails', true), attempt('last-fails', true), attempt('last-fails', false)]],
      ['none', [attempt('none', false), attempt('none', false), attempt('none', false)]],
    ]);
    expect([...failingTaskIds(byTask)].sort()).toEqual(['last-fails', 'none', 'two-of-three']);
  });
});
