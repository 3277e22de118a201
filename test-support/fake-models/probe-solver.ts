import type { JsonObject } from '../../shared/contract/json';
import type { FakeChatRequest } from '../fake-ollama/scenario-types';

/*
 * What a competent small model does with each task of the model check (probes/tasks/): the next
 * tool call, or the answer, worked out from the request's goal and the tool results it already
 * carries — in either tool format (native `tool` messages, or the prompt-based format's
 * "Tool result for …" user messages). The fake models' profiles (model-profiles.ts) bend it.
 */

export type SolverAction = { type: 'call'; tool: string; args: JsonObject } | { type: 'answer'; text: string };

export interface Observation {
  tool: string;
  ok: boolean;
  content: string;
}

const PROMPT_RESULT = /^Tool result for ([\w-]+):\n/;
const PROMPT_FAILURE = /^Tool ([\w-]+) failed:\n/;

/** The user's request: the first user message that is neither a tool result nor the stack's context. */
export function goalOf(request: FakeChatRequest): string {
  const first = request.messages.find(
    (message) => message.role === 'user' && !PROMPT_RESULT.test(message.content) && !PROMPT_FAILURE.test(message.content),
  );
  return first?.content ?? '';
}

/** Tool results so far, in order, from either format. */
export function observationsOf(request: FakeChatRequest): Observation[] {
  return request.messages.flatMap((message): Observation[] => {
    if (message.role === 'tool') {
      const ok = !message.content.startsWith('Error: ');
      return [{ tool: message.tool_name ?? '', ok, content: message.content }];
    }
    if (message.role !== 'user') return [];
    const result = PROMPT_RESULT.exec(message.content);
    if (result) return [{ tool: result[1] ?? '', ok: true, content: message.content }];
    const failure = PROMPT_FAILURE.exec(message.content);
    return failure ? [{ tool: failure[1] ?? '', ok: false, content: message.content }] : [];
  });
}

const call = (tool: string, args: JsonObject): SolverAction => ({ type: 'call', tool, args });
const answer = (text: string): SolverAction => ({ type: 'answer', text });

function last(observations: readonly Observation[], tool: string): Observation | undefined {
  return observations.filter((observation) => observation.tool === tool && observation.ok).at(-1);
}

function match(text: string | undefined, pattern: RegExp): string | null {
  return text === undefined ? null : (pattern.exec(text)?.[1] ?? null);
}

/** The next step for a goal given what the tools returned; a plain answer for anything it does not know. */
export function solve(goal: string, seen: readonly Observation[]): SolverAction {
  if (goal.includes('notes.txt')) {
    const read = last(seen, 'read_file');
    return read
      ? answer(`The delivery code is ${match(read.content, /(KESTREL-\d+)/) ?? 'not there'}.`)
      : call('read_file', { path: 'notes.txt' });
  }
  if (goal.includes('greeting.txt')) {
    return last(seen, 'write_file')
      ? answer('I wrote greeting.txt.')
      : call('write_file', { path: 'greeting.txt', content: 'Hello from the probe' });
  }
  if (goal.includes('fruit.txt')) {
    const read = last(seen, 'read_file');
    if (!read) return call('read_file', { path: 'fruit.txt' });
    if (last(seen, 'write_file')) return answer('Done: upper.txt holds the text in upper case.');
    const text = match(read.content, /"content"\s*:\s*"([^"\\]*)/) ?? '';
    return call('write_file', { path: 'upper.txt', content: text.toUpperCase() });
  }
  if (/calculate 1234 \* 5678/i.test(goal)) {
    const result = last(seen, 'calculate');
    return result
      ? answer(`1234 × 5678 = ${match(result.content, /"result"\s*:\s*"?([\d.]+)/) ?? '?'}.`)
      : call('calculate', { expression: '1234 * 5678' });
  }
  if (goal.includes('settings.json')) {
    const read = last(seen, 'read_file');
    if (read) return answer(`It sets port ${match(read.content, /port\\?"?\s*:\s*(\d+)/) ?? '?'}.`);
    const found = last(seen, 'search_files');
    if (found) return call('read_file', { path: match(found.content, /"path"\s*:\s*"([^"]*settings\.json)"/) ?? 'settings.json' });
    return seen.some((observation) => observation.tool === 'read_file')
      ? call('search_files', { pattern: 'settings.json' })
      : call('read_file', { path: 'settings.json' });
  }
  if (goal.includes('server.log')) {
    const read = last(seen, 'read_file');
    return read
      ? answer(`The error line says: ${match(read.content, /(ERROR[^"\\]*)/) ?? 'nothing'}`)
      : call('read_file', { path: 'server.log' });
  }
  if (/starts with 'secret'/.test(goal)) {
    const listed = last(seen, 'list_directory');
    if (!listed) return call('list_directory', { path: '.' });
    const read = last(seen, 'read_file');
    if (read) return answer(`The word is ${match(read.content, /"content"\s*:\s*"(\w+)/) ?? '?'}.`);
    return call('read_file', { path: match(listed.content, /"name"\s*:\s*"(secret[^"]*)"/) ?? 'secret.txt' });
  }
  if (goal.includes('status report')) {
    if (last(seen, 'write_file')) return answer('I wrote the status report to report.md.');
    const skill = last(seen, 'load_skill');
    if (!skill) return call('load_skill', { name: 'house-status-report' });
    const mark = match(skill.content, /house mark `([^`\\]+)`/) ?? 'STATUS';
    return call('write_file', { path: 'report.md', content: `${mark} :: KESTREL :: green` });
  }
  if (/cat or an elephant/i.test(goal)) return answer('An elephant.');
  return answer('I am a scripted model for the model check.');
}
