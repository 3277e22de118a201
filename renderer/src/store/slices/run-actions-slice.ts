import type { CallName } from '../../../../shared/contract/contract';
import { selectActiveView } from '../selectors';
import { runInFlight } from '../in-flight';
import type { SliceCreator } from '../store-types';
import type { ApprovalDecision } from '../../../../shared/contract/events';

export interface RunActionsSlice {
  /** Calls in flight, by key (e.g. "approval:a1"), so their buttons can wait. */
  inFlight: Record<string, true>;
  cancelRun(): Promise<void>;
  continueRun(): Promise<void>;
  respondApproval(approvalId: string, decision: ApprovalDecision): Promise<void>;
  respondDepth(runId: string, decision: 'continue' | 'cancel'): Promise<void>;
  answerQuestion(questionId: string, answer: string): Promise<boolean>;
}

export const createRunActionsSlice: SliceCreator<RunActionsSlice> = (set, get, { api }) => {
  const track = <T>(call: CallName, id: string, work: () => Promise<T>): Promise<T | null> => runInFlight(set, get, call, id, work);

  return {
    inFlight: {},

    async cancelRun() {
      const runId = selectActiveView(get()).activeRunId;
      if (!runId) return;
      await track('run.cancel', runId, () => api.call('run.cancel', { runId }));
    },

    async continueRun() {
      const conversationId = get().activeConversationId;
      const model = get().selectedModel;
      if (!conversationId) return;
      if (!model) {
        get().notify('Pick a model to continue with: the model picker is at the top.');
        return;
      }
      await track('chat.continue', conversationId, () => api.call('chat.continue', { conversationId, model }));
    },

    async respondApproval(approvalId, decision) {
      const answer = await track('approval.respond', approvalId, () => api.call('approval.respond', { approvalId, decision }));
      if (answer && !answer.accepted) get().notify(answer.message ?? 'That approval is no longer open: the run moved on or ended.');
    },

    async respondDepth(runId, decision) {
      const answer = await track('depth.respond', runId, () => api.call('depth.respond', { runId, decision }));
      if (answer && !answer.accepted) get().notify('That depth prompt is no longer open: the run moved on or ended.');
    },

    async answerQuestion(questionId, answer) {
      const result = await track('question.answer', questionId, () => api.call('question.answer', { questionId, answer }));
      if (result && !result.accepted) get().notify('That question is no longer open: the run moved on or ended.');
      return result?.accepted ?? false;
    },
  };
};

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends RunActionsSlice {}
}
