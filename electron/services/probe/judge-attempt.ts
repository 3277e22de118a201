import type { TacoEvent } from '../../../shared/contract/events';
import type { ProbeAttempt, ProbeFailureKind } from '../../../shared/probe/probe-report';
import { needsTools, type ProbeTask } from '../../../shared/probe/probe-task';
import { isMalformedToolCall } from '../provider/malformed-tool-call';

/**
 * What a try's run left for its judge: its events in order and the times the report needs. Kept
 * as the run emits (attemptRecorder): one push and one clock read per event, no object per event,
 * since the check's bookkeeping runs on every try of a fast server.
 */
export interface AttemptRecord {
  events: TacoEvent[];
  startedAt: number;
  /** The first text, thinking or tool call; null when there was none. */
  firstOutputAt: number | null;
  /** The last event's time (startedAt when there was none). */
  lastAt: number;
}

/** An empty record, started now, and the emit that fills it. */
export function attemptRecorder(now: () => number): { record: AttemptRecord; emit: (event: TacoEvent) => void } {
  const startedAt = now();
  const record: AttemptRecord = { events: [], startedAt, firstOutputAt: null, lastAt: startedAt };
  const emit = (event: TacoEvent): void => {
    record.events.push(event);
    const at = now();
    record.lastAt = at;
    if (record.firstOutputAt === null && (event.type === 'text-delta' || event.type === 'thinking-delta' || event.type === 'tool-call'))
      record.firstOutputAt = at;
  };
  return { record, emit };
}

/** Tools that may come along any task without making it a wrong choice (looking around, thinking). */
const NEUTRAL_TOOLS = new Set(['list_directory', 'search_files', 'read_file', 'stop_and_think', 'plan_next_steps', 'find_tools']);

type ToolCallEvent = Extract<TacoEvent, { type: 'tool-call' }>;
type ToolErrorEvent = Extract<TacoEvent, { type: 'tool-error' }>;
type RunFinishEvent = Extract<TacoEvent, { type: 'run-finish' }>;

/** What the judge reads of a run's events, gathered in one pass. */
interface RunFacts {
  calls: ToolCallEvent[];
  /** Tools that gave a result. */
  results: Set<string>;
  errors: ToolErrorEvent[];
  finish: RunFinishEvent | undefined;
  /** The text the model wrote after its last tool call: the answer the user would read. */
  answer: string;
  /** Model steps that made tool calls: each `usage` ends a step, and a step's calls come after it. */
  toolRounds: number;
  speeds: number[];
  truncated: boolean;
}

function runFacts(events: readonly TacoEvent[]): RunFacts {
  const facts: RunFacts = {
    calls: [],
    results: new Set(),
    errors: [],
    finish: undefined,
    answer: '',
    toolRounds: 0,
    speeds: [],
    truncated: false,
  };
  let counted = false;
  for (const event of events) {
    switch (event.type) {
      case 'tool-call':
        facts.calls.push(event);
        facts.answer = '';
        if (!counted) {
          facts.toolRounds += 1;
          counted = true;
        }
        break;
      case 'text-delta':
        facts.answer += event.text;
        break;
      case 'tool-result':
        facts.results.add(event.tool);
        break;
      case 'tool-error':
        facts.errors.push(event);
        break;
      case 'usage':
        counted = false;
        if (event.tokensPerSecond !== null) facts.speeds.push(event.tokensPerSecond);
        if (event.truncated === true) facts.truncated = true;
        break;
      case 'run-finish':
        facts.finish ??= event;
        break;
      default:
        break;
    }
  }
  return facts;
}

/**
 * Whether one try passed and, if not, why, read from the run's record and the scratch folder's
 * files afterwards (`files`: path → content, null when missing). Pure.
 */
export function judgeAttempt(task: ProbeTask, record: AttemptRecord, files: Readonly<Record<string, string | null>>): ProbeAttempt {
  const { calls, results, errors, finish, answer, toolRounds, speeds, truncated } = runFacts(record.events);
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
    toolRounds,
    firstTokenMs: record.firstOutputAt === null ? null : record.firstOutputAt - record.startedAt,
    tokensPerSecond: speeds.length === 0 ? null : speeds.reduce((sum, value) => sum + value, 0) / speeds.length,
    durationMs: record.lastAt - record.startedAt,
  };
  const passed = problems.length === 0 && finish?.reason === 'complete';
  if (passed) return { taskId: task.id, passed: true, failure: null, note: null, ...figures };

  let failure: ProbeFailureKind;
  const reason = finish?.reason ?? 'interrupted';
  const error = finish?.error ?? '';
  const wrongCall = calls.find((call) => !expected.has(call.tool) && !NEUTRAL_TOOLS.has(call.tool));
  const failedExpected = errors.some((e) => expected.has(e.tool) && (e.ending ?? 'failed') === 'failed' && !results.has(e.tool));
  if (reason === 'timeout') failure = 'timeout';
  else if (reason === 'max_iterations' || reason === 'repeated_call' || reason === 'consecutive_errors') failure = 'loop';
  else if (truncated) failure = 'truncated';
  else if (reason === 'provider_error') failure = isMalformedToolCall(error) ? 'malformed-call' : 'server-error';
  else if (task.check.noTools && calls.length > 0) failure = 'wrong-tool';
  else if (needsTools(task) && calls.length === 0) failure = looksLikeWrittenCall(answer) ? 'malformed-call' : 'no-call';
  else if (wrongCall) failure = 'wrong-tool';
  else if (failedExpected) failure = 'bad-arguments';
  else failure = 'wrong-answer';
  const note = reason !== 'complete' && finish ? finish.message : (problems[0] ?? null);
  return {
    taskId: task.id,
    passed: false,
    failure,
    note: wrongCall && failure === 'wrong-tool' ? `it called ${wrongCall.tool}` : note,
    ...figures,
  };
}

function squash(text: string): string {
  return text.toLowerCase().replace(/[\s,]+/g, '');
}

/** A tool call written out as text the loop could not read (JSON with a name and arguments). */
function looksLikeWrittenCall(answer: string): boolean {
  return /\{\s*"(name|tool|function)"\s*:/.test(answer);
}
