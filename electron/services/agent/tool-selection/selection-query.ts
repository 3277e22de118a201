import { DEFAULTS } from '../../../../shared/constants';
import type { ChatMessage } from '../../provider/provider-types';

/**
 * What the tools are ranked against: the goal of the loop (the user's request or the delegated
 * task) and the latest few messages (the last turns: what the model said, what the tools returned),
 * each cut short. The goal comes first and is never cut.
 */
export function selectionQuery(goal: string, messages: readonly ChatMessage[]): string {
  const { queryRecentMessages, queryMessageChars } = DEFAULTS.toolSelection;
  const recent = messages
    .filter((message) => message.role !== 'system' && message.content.trim() !== '' && message.content !== goal)
    .slice(-queryRecentMessages)
    .map((message) => message.content.slice(0, queryMessageChars));
  return [goal, ...recent].join('\n');
}
