import { DEFAULTS } from '../../../shared/constants';
import type { StackFrame } from '../../../shared/tools/tool-stack';

/**
 * The "Current tool context:" block of the system prompt, or
 * null while the stack is empty.
 *
 * The active frame is the top frame when it waits for something; when the top frame waits for
 * nothing (it is simply running, e.g. `collect_tool_parameters` above `create_code`), the nearest
 * frame below it that does wait is the one the task is about — that is how the designed example
 * reads "Active tool: create_code / Waiting for: parameter collection" at depth 2. When no frame
 * waits, the top frame is active and waits for "nothing".
 */
export function formatContextPrompt(frames: readonly StackFrame[], originalRequest: string): string | null {
  const top = frames[frames.length - 1];
  if (!top) return null;
  const active = activeFrame(frames) ?? top;
  const waitingFor = active.waitingFor?.trim() || null;
  const next = waitingFor ? `Continue with ${waitingFor}` : `Continue with ${active.tool}`;
  return [
    'Current tool context:',
    `- Active tool: ${active.tool}`,
    `- Waiting for: ${waitingFor ?? 'nothing'}`,
    `- Original request: "${oneLine(originalRequest)}"`,
    `- Stack depth: ${frames.length}`,
    '',
    'Available actions:',
    `- ${next}`,
    '- Use /cancel to abandon current task',
    '- Use /status to see full context',
  ].join('\n');
}

/** The topmost frame that waits for something, or undefined when none does. */
export function activeFrame(frames: readonly StackFrame[]): StackFrame | undefined {
  for (let index = frames.length - 1; index >= 0; index -= 1) {
    const frame = frames[index];
    if (frame && frame.waitingFor?.trim()) return frame;
  }
  return undefined;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const max = DEFAULTS.orchestration.contextPromptRequestMaxChars;
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
