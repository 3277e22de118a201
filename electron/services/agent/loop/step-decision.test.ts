import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../shared/settings/settings';
import { createRunCounters } from './run-counters';
import { decideStep, toArguments, type StepResult } from './step-decision';
import { consecutiveErrorsReached, maxIterationsReached, repeatedCallReached } from './stop-conditions';

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
