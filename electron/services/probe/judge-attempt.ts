import type { TacoEvent } from '../../../shared/contract/events';
import type { ProbeAttempt, ProbeFailureKind } from '../../../shared/probe/probe-report';
import { needsTools, type ProbeTask } from '../../../shared/probe/probe-task';
import { isMalformedToolCall } from '../provider/malformed-tool-call';

/** An event of a try with the time it was emitted. */
export interface TimedEvent {
  event: TacoEvent;
  at: number;
}

/** Tools that may come along any task without making it a wrong choice (looking around, thinking). */
const NEUTRAL_TOOLS = new Set(['list_directory', 'search_files', 'read_file', 'stop_and_think', 'plan_next_steps', 'find_tools']);

/**
 * Whether one try passed and, if not, why, read from the run's events and the scratch folder's
 * files afterwards (`files`: path → content, null when missing). Pure.
 */
export function judgeAttempt(
  task: ProbeTask,
  events: readonly TimedEvent[],
  files: Readonly<Record<string, string | null>>,
  startedAt: number,
): ProbeAttempt {
  const calls = events.flatMap(({ event }) => (event.type === 'tool-call' ? [event] : []));
  const results = new Set(events.flatMap(({ event }) => (event.type === 'tool-result' ? [event.tool] : [])));
  const errors = events.flatMap(({ event }) => (event.type === 'tool-error' ? [event] : []));
  const finish = events.find(({ event }) => event.type === 'run-finish')?.event;
  const answer = finalAnswer(events);
  const expected = new Set([...(task.check.toolsUsed ?? []), ...(task.check.fileEquals ? ['write_file'] : [])]);

  const problems: string[] = [];
  for (const text of task.check.answerIncludes ?? [])
    if (!squash(answer).includes(squash(text))) problems.push(`the answer does not say “${text}”`);
  for (const [path, content] of Object.entries(task.check.fileEquals ?? {})) {
    const actual = files[path];
    if (actual === null || actual === undefined) problems.push(`${path} was not written`);
    else if (actual.trim() !== content.trim()) problems.push(`${path} holds other text`);
  }
  for (const tool of task.check.toolsUsed ?? []) if (!results.has(tool)) problems.push(`${tool} gave no result`);
  if (task.check.noTools && calls.length > 0) problems.push(`it called ${calls[0]?.tool ?? 'a tool'}`);

  const figures = {
    toolRounds: toolRounds(events),
    firstTokenMs: firstTokenMs(events, startedAt),
    tokensPerSecond: meanSpeed(events),
    durationMs: (events.at(-1)?.at ?? startedAt) - startedAt,
  };
  const passed = problems.length === 0 && finish?.type === 'run-finish' && finish.reason === 'complete';
  if (passed) return { taskId: task.id, passed: true, failure: null, note: null, ...figures };

  let failure: ProbeFailureKind;
  const reason = finish?.type === 'run-finish' ? finish.reason : 'interrupted';
  const error = finish?.type === 'run-finish' ? (finish.error ?? '') : '';
  const wrongCall = calls.find((call) => !expected.has(call.tool) && !NEUTRAL_TOOLS.has(call.tool));
  const failedExpected = errors.some((e) => expected.has(e.tool) && (e.ending ?? 'failed') === 'failed' && !results.has(e.tool));
  if (reason === 'timeout') failure = 'timeout';
  else if (reason === 'max_iterations' || reason === 'repeated_call' || reason === 'consecutive_errors') failure = 'loop';
  else if (events.some(({ event }) => event.type === 'usage' && event.truncated === true)) failure = 'truncated';
  else if (reason === 'provider_error') failure = isMalformedToolCall(error) ? 'malformed-call' : 'server-error';
  else if (task.check.noTools && calls.length > 0) failure = 'wrong-tool';
  else if (needsTools(task) && calls.length === 0) failure = looksLikeWrittenCall(answer) ? 'malformed-call' : 'no-call';
  else if (wrongCall) failure = 'wrong-tool';
  else if (failedExpected) failure = 'bad-arguments';
  else failure = 'wrong-answer';
  const note = reason !== 'complete' && finish?.type === 'run-finish' ? finish.message : (problems[0] ?? null);
  return {
    taskId: task.id,
    passed: false,
    failure,
    note: wrongCall && failure === 'wrong-tool' ? `it called ${wrongCall.tool}` : note,
    ...figures,
  };
}

/** The text the model wrote after its last tool call: the answer the user would read. */
function finalAnswer(events: readonly TimedEvent[]): string {
  let text = '';
  for (const { event } of events) {
    if (event.type === 'tool-call') text = '';
    else if (event.type === 'text-delta') text += event.text;
  }
  return text;
}

/** Model steps that made tool calls: each `usage` ends a step, and a step's calls come after it. */
function toolRounds(events: readonly TimedEvent[]): number {
  let rounds = 0;
  let counted = false;
  for (const { event } of events) {
    if (event.type === 'usage') counted = false;
    else if (event.type === 'tool-call' && !counted) {
      rounds += 1;
      counted = true;
    }
  }
  return rounds;
}

function firstTokenMs(events: readonly TimedEvent[], startedAt: number): number | null {
  const first = events.find(({ event }) => event.type === 'text-delta' || event.type === 'thinking-delta' || event.type === 'tool-call');
  return first ? first.at - startedAt : null;
}

function meanSpeed(events: readonly TimedEvent[]): number | null {
  const speeds = events.flatMap(({ event }) => (event.type === 'usage' && event.tokensPerSecond !== null ? [event.tokensPerSecond] : []));
  return speeds.length === 0 ? null : speeds.reduce((sum, value) => sum + value, 0) / speeds.length;
}

function squash(text: string): string {
  return text.toLowerCase().replace(/[\s,]+/g, '');
}

/** A tool call written out as text the loop could not read (JSON with a name and arguments). */
function looksLikeWrittenCall(answer: string): boolean {
  return /\{\s*"(name|tool|function)"\s*:/.test(answer);
}
