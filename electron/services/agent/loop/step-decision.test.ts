import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../shared/settings/settings';
import { createRunCounters } from './run-counters';
import { decideStep, toArguments, type StepResult } from './step-decision';
import { DEFAULTS } from '../../../../shared/constants';
import {
  AFTER_CALL,
  AFTER_PARSE_FAILURE,
  AFTER_ROUND,
  consecutiveErrorsReached,
  firstStop,
  maxIterationsReached,
  parseFailuresReached,
  repeatedCallReached,
  repeatedFailureReached,
  type StopCondition,
} from './stop-conditions';

const limits = defaultSettings().limits;
const step = (patch: Partial<StepResult>): StepResult => ({
  visibleText: '',
  rawText: '',
  nativeCalls: [],
  textCalls: [],
  unreadableCalls: [],
  ...patch,
});

describe('decideStep', () => {
  it('runs Ollama tool_calls first, then calls written as JSON, else the text is final', () => {
    const native = step({
      nativeCalls: [{ function: { name: 'a', arguments: { x: 1 } } }],
      textCalls: [{ name: 'b', arguments: {}, terminate: null }],
    });
    expect(decideStep(native, createRunCounters(), limits)).toEqual({
      type: 'run-again',
      next: { type: 'run-tools', source: 'native', calls: [{ name: 'a', arguments: { x: 1 } }] },
    });
    expect(decideStep(step({ textCalls: [{ name: 'b', arguments: {}, terminate: true }] }), createRunCounters(), limits)).toEqual({
      type: 'run-again',
      next: { type: 'run-tools', source: 'text', calls: [{ name: 'b', arguments: {} }] },
    });
    expect(decideStep(step({ visibleText: 'Hi.' }), createRunCounters(), limits)).toEqual({ type: 'final', text: 'Hi.' });
  });

  it('sends an unreadable call back until the parse-failure limit, then stops with consecutive_errors', () => {
    const counters = createRunCounters();
    const unreadable = step({ unreadableCalls: ['bad JSON'] });
    expect(decideStep(unreadable, counters, limits)).toEqual({ type: 'run-again', next: { type: 'correct-format', error: 'bad JSON' } });
    counters.consecutiveParseFailures = 2;
    expect(decideStep(unreadable, counters, limits)).toEqual({ type: 'stop', reason: 'consecutive_errors', text: '' });
  });

  it('stops with model_gave_up on a plain give-up answer', () => {
    expect(decideStep(step({ visibleText: 'I cannot complete this task.' }), createRunCounters(), limits)).toMatchObject({
      type: 'stop',
      reason: 'model_gave_up',
    });
  });

  it('reads arguments given as a JSON string and ignores anything that is not an object', () => {
    expect(toArguments('{"a": 1}')).toEqual({ a: 1 });
    expect(toArguments('nope')).toEqual({});
    expect(toArguments(['a'])).toEqual({});
    expect(toArguments(null)).toEqual({});
  });
});

describe('stop conditions', () => {
  it('each is a small predicate over the counters', () => {
    const counters = createRunCounters();
    expect([consecutiveErrorsReached, repeatedCallReached, maxIterationsReached].map((condition) => condition(counters, limits))).toEqual([
      null,
      null,
      null,
    ]);
    counters.consecutiveErrors = limits.maxConsecutiveErrors;
    counters.sameCallStreak = 3;
    counters.rounds = limits.maxIterations;
    expect([consecutiveErrorsReached, repeatedCallReached, maxIterationsReached].map((condition) => condition(counters, limits))).toEqual([
      'consecutive_errors',
      'repeated_call',
      'max_iterations',
    ]);
  });
});

describe('decideStep: what wins, and what a step never changes', () => {
  it('runs every native call in order; a call without a function is a nameless call with no arguments', () => {
    const native = step({
      // Arguments as a JSON string and a call without a function: what a server may send against the type.
      nativeCalls: [
        { function: { name: 'a', arguments: '{"x": 1}' } },
        {},
        { function: { name: 'c', arguments: { y: 2 } } },
      ] as unknown as StepResult['nativeCalls'],
      unreadableCalls: ['bad'],
      visibleText: 'I cannot complete this task.',
    });
    expect(decideStep(native, createRunCounters(), limits)).toEqual({
      type: 'run-again',
      next: {
        type: 'run-tools',
        source: 'native',
        calls: [
          { name: 'a', arguments: { x: 1 } },
          { name: '', arguments: {} },
          { name: 'c', arguments: { y: 2 } },
        ],
      },
    });
  });

  it('runs calls written as text before sending an unreadable one back, and keeps their order', () => {
    const text = step({
      textCalls: [
        { name: 'b', arguments: { p: 1 }, terminate: null },
        { name: 'c', arguments: {}, terminate: false },
      ],
      unreadableCalls: ['bad'],
    });
    expect(decideStep(text, createRunCounters(), limits)).toEqual({
      type: 'run-again',
      next: {
        type: 'run-tools',
        source: 'text',
        calls: [
          { name: 'b', arguments: { p: 1 } },
          { name: 'c', arguments: {} },
        ],
      },
    });
  });

  it('sends back the first unreadable call’s error, even when the text reads as a give-up, and leaves the counters alone', () => {
    const counters = createRunCounters();
    const unreadable = step({ unreadableCalls: ['first', 'second'], visibleText: 'I cannot complete this task.' });
    expect(decideStep(unreadable, counters, limits)).toEqual({ type: 'run-again', next: { type: 'correct-format', error: 'first' } });
    expect(counters.consecutiveParseFailures).toBe(0);
  });

  it('stops exactly when this unreadable reply is the limit’s one, with the visible text', () => {
    for (let before = 0; before < DEFAULTS.maxConsecutiveParseFailures - 1; before += 1) {
      const counters = { ...createRunCounters(), consecutiveParseFailures: before };
      expect(decideStep(step({ unreadableCalls: ['e'] }), counters, limits).type, String(before)).toBe('run-again');
    }
    const counters = { ...createRunCounters(), consecutiveParseFailures: DEFAULTS.maxConsecutiveParseFailures - 1 };
    expect(decideStep(step({ unreadableCalls: ['e'], visibleText: 'shown' }), counters, limits)).toEqual({
      type: 'stop',
      reason: 'consecutive_errors',
      text: 'shown',
    });
  });

  it('gives the give-up text as the stop’s text', () => {
    expect(decideStep(step({ visibleText: 'I cannot complete this task.' }), createRunCounters(), limits)).toEqual({
      type: 'stop',
      reason: 'model_gave_up',
      text: 'I cannot complete this task.',
    });
  });

  it('reads arguments that are a JSON string of a JSON string, and passes an object through as it is', () => {
    expect(toArguments(JSON.stringify('{"a": 1}'))).toEqual({ a: 1 });
    const object = { a: { b: 1 } };
    expect(toArguments(object)).toBe(object);
    expect(toArguments('[1]')).toEqual({});
    expect(toArguments(7)).toEqual({});
    expect(toArguments(undefined)).toEqual({});
  });
});

describe('stop conditions at their thresholds', () => {
  const at = (patch: Partial<ReturnType<typeof createRunCounters>>) => ({ ...createRunCounters(), ...patch });
  const small = { ...limits, maxConsecutiveErrors: 4, maxIterations: 6 };

  it('each fires at its threshold and not one below', () => {
    const cases: Array<[StopCondition, keyof ReturnType<typeof createRunCounters>, number, string]> = [
      [consecutiveErrorsReached, 'consecutiveErrors', 4, 'consecutive_errors'],
      [parseFailuresReached, 'consecutiveParseFailures', DEFAULTS.maxConsecutiveParseFailures, 'consecutive_errors'],
      [repeatedCallReached, 'sameCallStreak', DEFAULTS.repeatedCallStopAt, 'repeated_call'],
      [repeatedFailureReached, 'failingCallStreak', DEFAULTS.repeatedCallStopAt, 'consecutive_errors'],
      [maxIterationsReached, 'rounds', 6, 'max_iterations'],
    ];
    for (const [condition, field, threshold, reason] of cases) {
      expect(condition(at({ [field]: threshold - 1 }), small), `${field} below`).toBeNull();
      expect(condition(at({ [field]: threshold }), small), field).toBe(reason);
      expect(condition(at({ [field]: threshold + 1 }), small), `${field} above`).toBe(reason);
    }
  });

  it('after a call, a failing repeat is a failure before it is a repeat; the first condition that fires wins', () => {
    expect(firstStop(AFTER_CALL, at({ sameCallStreak: 3, failingCallStreak: 3 }), small)).toBe('consecutive_errors');
    expect(firstStop(AFTER_CALL, at({ sameCallStreak: 3 }), small)).toBe('repeated_call');
    expect(firstStop(AFTER_CALL, at({ consecutiveErrors: 4 }), small)).toBe('consecutive_errors');
    expect(firstStop(AFTER_CALL, at({ rounds: 6, consecutiveParseFailures: 3 }), small)).toBeNull();
    expect(firstStop(AFTER_ROUND, at({ rounds: 6 }), small)).toBe('max_iterations');
    expect(firstStop(AFTER_ROUND, at({ sameCallStreak: 3, consecutiveErrors: 4 }), small)).toBeNull();
    expect(firstStop(AFTER_PARSE_FAILURE, at({ consecutiveParseFailures: 3 }), small)).toBe('consecutive_errors');
    expect(firstStop(AFTER_PARSE_FAILURE, at({ consecutiveErrors: 4, rounds: 6 }), small)).toBeNull();
    expect(firstStop([], at({ rounds: 6 }), small)).toBeNull();
  });
});
