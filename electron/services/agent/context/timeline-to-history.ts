import type { TacoEvent } from '../../../../shared/contract/events';
import { chosenBranchEvents } from '../../store/timeline/branch-tree';
import type { ChatMessage, ProviderToolCall } from '../../provider/provider-types';
import { withResourceBlocks } from '../../../../shared/mcp/mcp-resources';

interface StepBuffer {
  text: string;
  calls: ProviderToolCall[];
  results: ChatMessage[];
}

/**
 * Rebuilds the model history of earlier turns from stored events: each user message, and per
 * step of a run the assistant message (its text and its tool calls) followed by one
 * `role: "tool"` message per call (`tool_name`, the capped result, or "Error: …").
 *
 * Steps are told apart by the events themselves: a step's text comes before its `usage` event and
 * its tool calls after it, so text (or a usage) arriving after a step's tool calls starts a new
 * step. Calls made inside another call (a delegated sub-agent's calls, between the delegate's
 * `tool-call` and its result) are the sub-agent's own and are left out. Only the chosen branch is
 * read (`branch-tree.ts`): the other branches of an edited or regenerated message stay in the
 * timeline, and the model never sees them.
 */
export function timelineToHistory(events: readonly TacoEvent[]): ChatMessage[] {
  const history: ChatMessage[] = [];
  let step: StepBuffer = emptyStep();
  let openCall: string | null = null;

  const flush = (): void => {
    // A call that never got its result (the run stopped while it waited for an approval or an
    // answer) is left out: the model calls it again when the task resumes.
    if (openCall !== null) step.calls.pop();
    if (step.text || step.calls.length > 0) {
      const message: ChatMessage = { role: 'assistant', content: step.text };
      if (step.calls.length > 0) message.tool_calls = step.calls;
      history.push(message, ...step.results);
    }
    step = emptyStep();
    openCall = null;
  };

  for (const event of chosenBranchEvents(events)) {
    switch (event.type) {
      case 'user-message':
        flush();
        history.push(
          event.images && event.images.length > 0
            ? { role: 'user', content: withResourceBlocks(event.text, event.resources), images: [...event.images] }
            : { role: 'user', content: withResourceBlocks(event.text, event.resources) },
        );
        break;
      case 'run-start':
      case 'run-finish':
        flush();
        break;
      case 'text-delta':
        if (openCall !== null) break;
        if (step.calls.length > 0) flush();
        step.text += event.text;
        break;
      case 'usage':
        if (openCall === null && step.calls.length > 0) flush();
        break;
      case 'tool-call':
        if (openCall !== null) break;
        openCall = event.callId;
        step.calls.push({ function: { name: event.tool, arguments: event.args } });
        break;
      case 'tool-result':
        if (event.callId !== openCall) break;
        openCall = null;
        step.results.push({ role: 'tool', tool_name: event.tool, content: event.result });
        break;
      case 'tool-error':
        if (event.callId !== openCall) break;
        openCall = null;
        step.results.push({ role: 'tool', tool_name: event.tool, content: `Error: ${event.error}` });
        break;
      case 'command-output':
      case 'conversation-updated':
      case 'thinking-delta':
      case 'status':
      case 'tool-progress':
      case 'stack':
      case 'approval-request':
      case 'approval-resolved':
      case 'depth-limit':
      case 'depth-resolved':
      case 'question':
      case 'question-answered':
      case 'workflow-start':
      case 'workflow-step':
      case 'workflow-confirm':
      case 'workflow-confirmed':
      case 'workflow-finish':
      case 'tools-offered':
      // Recalled notes were in that run's system prompt only; the next run recalls for its own message.
      case 'memories-recalled':
      // The passages are in the search_knowledge result the history keeps; this is their list for the window.
      case 'knowledge-used':
      // The chosen branch holds no branch events (branch-tree.ts reads them).
      case 'timeline-rewound':
      case 'branch-selected':
        break;
      default: {
        const unreachable: never = event;
        void unreachable;
      }
    }
  }
  flush();
  return history;
}

function emptyStep(): StepBuffer {
  return { text: '', calls: [], results: [] };
}
