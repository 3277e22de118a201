import type { RegisteredTool } from '../../../../../tools/catalogue/tool-runtime-types';
import { PROMPT_MODE_INSTRUCTIONS, promptModeToolList } from './prompt-mode';
import { groupedToolNames } from '../tool-groups';
import { CONSTRAINED_FORMAT_INSTRUCTIONS } from '../constrained-format';
import { skillsSection, type SkillMention } from './skills-section';

/** What the prompt reads of a tool: its info (the prompt library's "what the model sees" has no runnable tools). */
export type PromptTool = Pick<RegisteredTool, 'info'>;

export type ToolMode = 'native' | 'prompt';

export interface SystemPromptInput {
  tools: readonly PromptTool[];
  mode: ToolMode;
  workspace: string | null;
  /** A delegated sub-agent gets told how to hand its result back. */
  role: 'main' | 'sub-agent';
  /** The summary request at max_iterations: no tools, no tool format. */
  toolsOffered: boolean;
  /** The conversation's own system prompt: replaces the opening instructions of the main run. */
  userPrompt?: string | null;
  /** The conversation's project's own instructions (main run only), fenced as the user's words for that project. */
  projectInstructions?: { project: string; text: string } | null;
  /** Prompt mode under the constrained format: answers are JSON too ({"answer": …}). */
  constrained?: boolean;
  /** The notes recalled for this turn, fenced as user-saved notes (memory-recall.ts); the same for every step of a run. */
  memorySection?: string | null;
  /** The passages found for this turn when the conversation searches on every message (knowledge-section.ts); the same for every step of a run. */
  knowledgeSection?: string | null;
  /** Skills the model may load (names and descriptions only); listed only while load_skill is among the tools. */
  skills?: readonly SkillMention[];
}

const BASE = [
  "You are TACO, a helpful assistant running on the user's own computer with a local model.",
  'Answer clearly and briefly. Do not invent facts; use a tool when you need information you do not have.',
].join('\n');

/** With search_knowledge offered: how the answer cites its passages (the window turns [n] into links to them). */
export const KNOWLEDGE_CITATIONS =
  'When you answer from passages search_knowledge returned, cite each passage you use as [n] (its number, e.g. [1], [2]) right after the sentence it supports, and cite nothing else that way.';

/**
 * Base instructions + the tool guidance + (prompt mode) the tool list and format: only what stays
 * the same for every request of a run. Ollama evaluates again everything after the first character
 * that differs from the previous prompt (its KV cache keeps the longest common prefix), and every
 * system message lands in the template's system block at the top, before the history; so what
 * changes from step to step (the tool stack's context) goes in `promptTail` instead, and nothing
 * here may carry a date, a counter or a per-step value.
 */
export function buildSystemPrompt(input: SystemPromptInput): string {
  const own = input.role === 'main' ? input.userPrompt?.trim() : undefined;
  const sections = [own || BASE];
  const project = input.role === 'main' ? projectSection(input.projectInstructions) : null;
  if (project) sections.push(project);
  if (input.workspace) sections.push(`The user's workspace folder is ${input.workspace}. File paths are relative to it.`);
  if (input.role === 'main' && input.memorySection) sections.push(input.memorySection);
  if (input.role === 'main' && input.knowledgeSection) sections.push(input.knowledgeSection);
  if (input.role === 'sub-agent') sections.push(subAgentInstructions(input.tools));
  if (input.toolsOffered && input.tools.length > 0) {
    sections.push(toolGuidance(input.tools));
    if (input.tools.some((tool) => tool.info.toolId === 'search_knowledge')) sections.push(KNOWLEDGE_CITATIONS);
    const skills = skillsSection(input.tools, input.skills ?? []);
    if (skills) sections.push(skills);
    if (input.mode === 'prompt') {
      sections.push(promptModeToolList(input.tools), input.constrained ? CONSTRAINED_FORMAT_INSTRUCTIONS : PROMPT_MODE_INSTRUCTIONS);
    }
  }
  return sections.join('\n\n');
}

/** The project's instructions, set by the user in its settings: trusted like the system prompt, quoted as the user's. */
function projectSection(instructions: SystemPromptInput['projectInstructions']): string | null {
  const text = instructions?.text.trim();
  if (!instructions || !text) return null;
  return `The user set these instructions for the project "${instructions.project}", which this conversation belongs to:\n${text}`;
}

/** How to use tools one at a time: the guidance every tools-capable prompt carries. */
function toolGuidance(tools: readonly PromptTool[]): string {
  return [
    `You have access to the following tools, by category: ${groupedToolNames(tools)}`,
    '- Use tools sequentially when needed to complete the task',
    '- If a tool call fails, try alternative approaches',
    '- If you cannot complete the task after reasonable attempts, explain why to the user',
    '- Stop making tool calls when you have enough information to answer',
  ].join('\n');
}

function subAgentInstructions(tools: readonly PromptTool[]): string {
  const handoff = tools.find((tool) => tool.info.type === 'handoff');
  return handoff
    ? `You are a sub-agent working on a task another agent gave you. When the task is done, call ${handoff.info.toolId} with your result (and any documents you made).`
    : 'You are a sub-agent working on a task another agent gave you. When the task is done, reply with the result in plain text.';
}
