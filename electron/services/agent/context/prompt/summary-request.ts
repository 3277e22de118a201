import type { ChatMessage } from '../../../provider/provider-types';

/** Sent (for that request only) when the tool rounds run out: no tools, a summary for the user. */
export function summaryInstruction(maxIterations: number): ChatMessage {
  return {
    role: 'user',
    content: [
      `You have used all ${maxIterations} tool rounds for this request, so you cannot call any more tools.`,
      'Tell the user in plain words: what you did, what is still missing, and why you stopped.',
      'Do not call tools and do not write JSON.',
    ].join(' '),
  };
}
