import type { RegisteredTool } from '../../../../../tools/catalogue/tool-runtime-types';
import type { ChatMessage } from '../../../provider/provider-types';
import { describeType } from '../../repairs/tool-call-repair';
import { groupByCategory } from '../tool-groups';
import { usageText } from '../offered-definitions';

/**
 * The prompt-based tool format (a JSON object with tool and parameters), for models without Ollama's `tools` capability:
 * the tools are listed in the system prompt and the model answers with one JSON object.
 *
 * Tool results go back as `user` messages ("Tool result for read_file: …"): without the tools
 * capability the model's template has no tool role, so Ollama would render a `tool` message
 * poorly or not at all, while a user message is always shown to the model.
 *
 * No `terminate` flag (seed agent-mode, Decision 1, asks for one; deliberately left out): the loop
 * always sends a tool's result back so the model can put it into words, and small models set such
 * a flag by imitation (the seed's own example says true), which would end the run on raw tool JSON
 * after the first call. The stop conditions bound the loop instead. A `terminate` a model sends
 * anyway is read and ignored (json-tool-call-parser.ts).
 */
export const PROMPT_MODE_INSTRUCTIONS = [
  'When you need to use a tool, output ONLY a JSON object in this exact format:',
  '{',
  '  "tool": "tool_name",',
  '  "parameters": { "param1": "value1", "param2": "value2" }',
  '}',
  '',
  'You get the result of the tool and can then call another tool or answer.',
  'When you do not need a tool, answer the user in plain text, without JSON.',
].join('\n');

/** One block per tool (name, description, parameters with their types), under a heading per category. */
export function promptModeToolList(tools: readonly Pick<RegisteredTool, 'info'>[]): string {
  const blocks = groupByCategory(tools).flatMap((group) => [`${group.category}:`, ...group.tools.map(toolBlock)]);
  return ['Tools you can use:', ...blocks].join('\n');
}

function toolBlock(tool: Pick<RegisteredTool, 'info'>): string {
  const params = Object.entries(tool.info.parameters);
  const lines = [`- ${tool.info.toolId}: ${tool.info.description.trim()}`];
  if (params.length === 0) lines.push('  parameters: none');
  for (const [name, info] of params) {
    lines.push(`  - ${name} (${describeType(info)}${info.required ? ', required' : ', optional'}): ${info.description}`);
  }
  const usage = usageText(tool);
  if (usage) lines.push(`  how to use: ${usage}`);
  return lines.join('\n');
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
    content: `Your last reply could not be read as a tool call: ${error}\nReply with ONLY a JSON object like {"tool": "tool_name", "parameters": {"name": "value"}}, or answer the user in plain text without JSON.`,
  };
}

/** Earlier turns rebuilt with native tool calls, rewritten in the prompt-based format. */
export function toPromptModeHistory(history: readonly ChatMessage[]): ChatMessage[] {
  return history.map((message) => {
    if (message.role === 'assistant' && message.tool_calls && message.tool_calls.length > 0) {
      const calls = message.tool_calls.map((call) => JSON.stringify({ tool: call.function.name, parameters: call.function.arguments }));
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
