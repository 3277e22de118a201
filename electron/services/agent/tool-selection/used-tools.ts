import type { ChatMessage } from '../../provider/provider-types';

const PROMPT_MODE_RESULT = /^Tool (?:result for (\S+):|(\S+) failed:)/;

/**
 * Tool names the model called in these messages: `tool_calls` of assistant messages and
 * `tool_name` of tool messages (tools-capable models), or the "Tool result for X:" / "Tool X
 * failed:" messages the loop writes back (prompt-based models).
 */
export function toolsNamedIn(messages: readonly ChatMessage[]): string[] {
  const names: string[] = [];
  for (const message of messages) {
    for (const call of message.tool_calls ?? []) names.push(call.function.name);
    if (message.role === 'tool' && message.tool_name) names.push(message.tool_name);
    if (message.role === 'user') {
      const match = PROMPT_MODE_RESULT.exec(message.content);
      const name = match?.[1] ?? match?.[2];
      if (name) names.push(name);
    }
  }
  return names;
}

/** Tools the user's message names as a word (`read_file`, "use web_search"): the window never cuts the tool asked for. */
export function toolsNamedInPrompt(tools: ReadonlyArray<{ info: { toolId: string } }>, prompt: string): string[] {
  const words = new Set(prompt.toLowerCase().match(/[a-z0-9_]+(?:[.-][a-z0-9_]+)*/g) ?? []);
  return tools.map((tool) => tool.info.toolId).filter((id) => words.has(id.toLowerCase()));
}
