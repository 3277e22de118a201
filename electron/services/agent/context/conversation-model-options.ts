import type { ChatStepRequest } from '../../provider/provider-types';
import type { AgentRunInput } from '../loop/agent-types';

/** The conversation's own model parameters for each streamed step; absent ones are not sent. */
export function conversationModelOptions(
  input: Pick<AgentRunInput, 'numCtx' | 'temperature' | 'keepAlive'>,
): Pick<ChatStepRequest, 'numCtx' | 'temperature' | 'keepAlive'> {
  return {
    ...(input.numCtx !== undefined ? { numCtx: input.numCtx } : {}),
    ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
    ...(input.keepAlive !== undefined ? { keepAlive: input.keepAlive } : {}),
  };
}
