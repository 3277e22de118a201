import { DEFAULTS } from '../../shared/constants';
import type { Samples } from '../report/bench-figures';
import type { SkillSummary } from '../../shared/skills/skills';
import { skillsSection } from '../../electron/services/agent/context/prompt/skills-section';
import { rankSkills } from '../../electron/services/agent/tool-selection/relevant-skills';

/** Prompt tokens (characters / DEFAULTS.agent.charsPerToken) the skills cost one request, three ways. */
export interface SkillPromptSize {
  skills: number;
  /** Every skill's SKILL.md instructions in the prompt. */
  everyBodyTokens: number;
  /** Every skill's name and description (no ranking). */
  everyDescriptionTokens: number;
  /** TACO: only the skills the request's words match, names and descriptions (the loaded one's instructions come later, once). */
  progressiveTokens: number;
}

const TOPICS = ['invoice', 'release', 'spreadsheet', 'calendar', 'podcast', 'recipe', 'contract', 'garden', 'budget', 'travel'];

/** N synthetic skills of the usual shape: a two-sentence description and about 2,400 characters of instructions. */
export function syntheticSkills(count: number): Array<SkillSummary & { body: string }> {
  return Array.from({ length: count }, (_, index) => {
    const topic = `${TOPICS[index % TOPICS.length] ?? 'task'}${index >= TOPICS.length ? `-${index}` : ''}`;
    const body = Array.from(
      { length: 30 },
      (_, step) => `${step + 1}. For the ${topic} task, check the inputs and write the result clearly, step ${step + 1}.`,
    ).join('\n');
    return {
      name: `${topic}-helper`,
      description: `Handles ${topic} work: reads the ${topic} files, checks them and sums up the ${topic}. Use when the user asks about a ${topic}.`,
      source: 'global' as const,
      folder: `/skills/${topic}-helper`,
      scripts: [],
      files: [],
      body,
    };
  });
}

const LOAD_SKILL_TOOL = [{ info: { toolId: 'load_skill' } }];

export function measureSkillPrompt(count: number, request = 'Write the release notes for version 2.1'): SkillPromptSize {
  const skills = syntheticSkills(count);
  const tokens = (text: string): number => Math.ceil(text.length / DEFAULTS.agent.charsPerToken);
  return {
    skills: count,
    everyBodyTokens: tokens(skills.map((skill) => `## ${skill.name}\n${skill.description}\n${skill.body}`).join('\n\n')),
    everyDescriptionTokens: tokens(skills.map((skill) => `- skill ${skill.name}: ${skill.description}`).join('\n')),
    progressiveTokens: tokens(skillsSection(LOAD_SKILL_TOOL, rankSkills(skills, request))),
  };
}

/** `npm run bench`'s figure: with 50 skills, the tokens TACO spends on them over every SKILL.md in the prompt (deterministic: one run). */
export function runSkillPromptBench(): Samples {
  const size = measureSkillPrompt(50);
  return { skills_prompt_tokens_ratio: [size.progressiveTokens / size.everyBodyTokens] };
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  for (const count of [5, 20, 50, 100]) console.log(JSON.stringify(measureSkillPrompt(count)));
}
