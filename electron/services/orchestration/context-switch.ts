import { DEFAULTS } from '../../../shared/constants';
import type { ChatProvider } from '../provider/provider-types';
import { withoutThinkBlocks } from '../provider/without-think-blocks';

export type ContextSwitchVerdict = 'same-task' | 'new-request';

export interface ContextSwitchInput {
  complete: ChatProvider['complete'];
  model: string;
  /** What the stack waits for: the pending question or task, in words. */
  pending: string;
  /** What the user typed instead of answering. */
  reply: string;
  signal: AbortSignal;
  /** Default DEFAULTS.statusSentenceBudgetMs (2 s). */
  budgetMs?: number;
}

export const CONTEXT_SWITCH_SYSTEM_PROMPT =
  'You decide whether a reply continues a pending task. Answer with one word: SAME if the reply answers the question or continues the task (including yes, no, a value, a correction), NEW if it starts something unrelated.';

/**
 * The context switch: a short side request asks whether the user's reply
 * belongs to the pending task. Conservative: a timeout, an error or an unclear answer keep the
 * task ('same-task'); only a clear NEW clears the stack.
 */
export async function detectContextSwitch(input: ContextSwitchInput): Promise<ContextSwitchVerdict> {
  const { complete, model, pending, reply, signal } = input;
  const budgetMs = input.budgetMs ?? DEFAULTS.statusSentenceBudgetMs;
  if (signal.aborted || reply.trim().length === 0) return 'same-task';

  const controller = new AbortController();
  const onAbort = (): void => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outOfTime = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error('The context-switch check ran out of time.'));
      resolve(null);
    }, budgetMs);
  });
  const aborted = new Promise<null>((resolve) => controller.signal.addEventListener('abort', () => resolve(null), { once: true }));

  try {
    const answer = await Promise.race([
      complete({
        model,
        maxTokens: DEFAULTS.orchestration.contextSwitchMaxTokens,
        signal: controller.signal,
        messages: [
          { role: 'system', content: CONTEXT_SWITCH_SYSTEM_PROMPT },
          { role: 'user', content: `Pending task or question: ${pending}\nReply: ${reply}\nSAME or NEW?` },
        ],
      }).catch(() => null),
      outOfTime,
      aborted,
    ]);
    return answer === null ? 'same-task' : parseVerdict(answer);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    if (!controller.signal.aborted) controller.abort();
  }
}

/** 'new-request' only when the answer clearly says NEW and not SAME. */
export function parseVerdict(answer: string): ContextSwitchVerdict {
  const withoutThinking = withoutThinkBlocks(answer, ' ');
  const words = new Set(withoutThinking.toUpperCase().match(/[A-Z]+/g) ?? []);
  return words.has('NEW') && !words.has('SAME') ? 'new-request' : 'same-task';
}
