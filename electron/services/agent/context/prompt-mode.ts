import type { RegisteredTool } from '../../../../tools/catalogue/tool-runtime-types';
import type { ChatMessage } from '../../provider/provider-types';
import { describeType } from '../repairs/tool-call-repair';

/**
 * The prompt-based tool format (a JSON object with tool, parameters and terminate), for models without Ollama's `tools` capability:
 * the tools are listed in the system prompt and the model answers with one JSON object.
 *
 * Tool results go back as `user` messages ("Tool result for read_file: …"): without the tools
 * capability the model's template has no tool role, so Ollama would render a `tool` message
 * poorly or not at all, while a user message is always shown to the model.
 *
 * `terminate` is read but does not end the loop: the tool still runs and its result goes back,
 * so the model can tell the user what happened in words (the loop's sequence ends with
 * one more request after the last tool, too). The stop conditions bound the loop either way.
 */
export const PROMPT_MODE_INSTRUCTIONS = [
  'When you need to use a tool, output ONLY a JSON object in this exact format:',
  '{',
  '  "tool": "tool_name",',
  '  "parameters": { "param1": "value1", "param2": "value2" },',
  '  "terminate": true',
  '}',
  '',
  'Set "terminate" to false if you need to continue working after the tool result.',
  'Set "terminate" to true if this is your final action or you want to return a response to the user.',
  'When you do not need a tool, answer the user in plain text, without JSON.',
].join('\n');

/** One block per tool: name, description, parameters with their types. */
export function promptModeToolList(tools: readonly Pick<RegisteredTool, 'info'>[]): string {
  const blocks = tools.map((tool) => {
    const params = Object.entries(tool.info.parameters);
    const lines = [`- ${tool.info.toolId}: ${tool.info.description.trim()}`];
    if (params.length === 0) lines.push('  parameters: none');
    for (const [name, info] of params) {
      lines.push(`  - ${name} (${describeType(info)}${info.required ? ', required' : ', optional'}): ${info.description}`);
    }
    return lines.join('\n');
  });
  return ['Tools you can use:', ...blocks].join('\n');
}

export function toolResultMessage(tool: string, content: string, ok: boolean): ChatMessage {
  const head = ok ? `Tool result for ${tool}:` : `Tool ${tool} failed:`;
  return {
    role: 'user',
    content: `${head}\n${content}\n\nIf you have what you need, answer the user in plain text. Otherwise reply with ONLY the JSON object of the next tool call.`,
  };
}

/** Sent back when a reply was written as a tool call but could not be read. */
export function parseFailureMessage(error: string): ChatMessage {
  return {
    role: 'user',
    content: `Your last reply could not be read as a tool call: ${error}\nReply with ONLY a JSON object like {"tool": "tool_name", "parameters": {"name": "value"}, "terminate": false}, or answer the user in plain text without JSON.`,
  };
}

/** Earlier turns rebuilt with native tool calls, rewritten in the prompt-based format. */
export function toPromptModeHistory(history: readonly ChatMessage[]): ChatMessage[] {
  return history.map((message) => {
    if (message.role === 'assistant' && message.tool_calls && message.tool_calls.length > 0) {
      const calls = message.tool_calls.map((call) =>
        JSON.stringify({ tool: call.function.name, parameters: call.function.arguments, terminate: false }),
      );
      const content = [message.content.trim(), ...calls].filter(Boolean).join('\n');
      return { role: 'assistant', content };
    }
    if (message.role === 'tool') {
      const failed = message.content.startsWith('Error: ');
      return toolResultMessage(message.tool_name ?? 'tool', failed ? message.content.slice('Error: '.length) : message.content, !failed);
    }
    return message;
  });
}
