import type { ValidCallRequest } from '../../../../shared/contract/contract';
import type { AppContext } from '../app-context';

/** approval.respond: the broker checks the id was issued by main and is still open. */
export function respondToApproval(
  ctx: AppContext,
  request: ValidCallRequest<'approval.respond'>,
): { accepted: boolean; message: string | null } {
  return ctx.brokers.approvals.respond(request.approvalId, request.decision);
}

export function respondToDepthLimit(ctx: AppContext, request: ValidCallRequest<'depth.respond'>): { accepted: boolean } {
  return ctx.brokers.depth.respond(request.runId, request.decision);
}

export function answerQuestion(ctx: AppContext, request: ValidCallRequest<'question.answer'>): { accepted: boolean } {
  return ctx.brokers.questions.answer(request.questionId, request.answer);
}
