import type { ChatMessage } from '../../provider/provider-types';
import { createOutputBudget, turnBudgetChars } from '../context/output-budget';
import { toPromptModeHistory } from '../context/prompt/prompt-mode';
import type { LoopScope, RunShared } from './run-context';
import { createRunCounters } from './run-counters';

export interface ScopeInput {
  role: LoopScope['role'];
  goal: string;
  /** The text of the message that starts the loop (the user's, or the delegated task). */
  text: string;
  /** Images on that message (vision models), base64. */
  images?: readonly string[];
  earlier: readonly ChatMessage[];
  baseFrameId: string | null;
}

/** A fresh loop: its own counters, its own per-turn output budget, history in the model's tool format. */
export function createLoopScope(shared: RunShared, input: ScopeInput): LoopScope {
  return {
    role: input.role,
    goal: input.goal,
    earlier: shared.mode === 'prompt' ? toPromptModeHistory(input.earlier) : [...input.earlier],
    current:
      input.images && input.images.length > 0
        ? { role: 'user', content: input.text, images: [...input.images] }
        : { role: 'user', content: input.text },
    messages: [],
    baseFrameId: input.baseFrameId,
    budget: createOutputBudget(turnBudgetChars(shared.input.limits.toolOutputBudgetChars, shared.numCtx)),
    counters: createRunCounters(),
    showText: input.role === 'main',
    offered: null,
  };
}
