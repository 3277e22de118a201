import type { ApprovalDecision } from '../../../../shared/contract/events';
import type {
  ApprovalGate,
  ApprovalRequest,
  DepthGate,
  DepthLimitRequest,
  QuestionGate,
  QuestionRequest,
} from '../../orchestration/orchestration-types';

/** Gates that answer from a list (the last answer repeats) and record what they were asked. */
export function answeringApprovals(...decisions: Array<ApprovalDecision | 'timeout'>): ApprovalGate & { requests: ApprovalRequest[] } {
  const requests: ApprovalRequest[] = [];
  return {
    requests,
    async request(request) {
      requests.push(request);
      return decisions[Math.min(requests.length, decisions.length) - 1] ?? 'deny';
    },
  };
}

export function answeringQuestions(...answers: string[]): QuestionGate & { requests: QuestionRequest[] } {
  const requests: QuestionRequest[] = [];
  return {
    requests,
    async ask(request) {
      requests.push(request);
      return answers[Math.min(requests.length, answers.length) - 1] ?? '';
    },
  };
}

export function answeringDepth(...decisions: Array<'continue' | 'cancel'>): DepthGate & { requests: DepthLimitRequest[] } {
  const requests: DepthLimitRequest[] = [];
  return {
    requests,
    async decide(request) {
      requests.push(request);
      return decisions[Math.min(requests.length, decisions.length) - 1] ?? 'cancel';
    },
  };
}
