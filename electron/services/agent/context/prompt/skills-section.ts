import { DEFAULTS } from '../../../../../shared/constants';

/** What the prompt says of a skill: its name and description, nothing of its instructions or files. */
export interface SkillMention {
  name: string;
  description: string;
}

const LOAD_SKILL = 'load_skill';

/**
 * The prompt's one skills section: a line per skill (at most DEFAULTS.skills.promptMaxSkills,
 * each description on one line, cut to promptDescriptionChars), and how to load one. Empty when no
 * skill is given or load_skill is not offered: the model could not load what it is told of.
 */
export function skillsSection(tools: readonly { info: { toolId: string } }[], skills: readonly SkillMention[]): string {
  if (skills.length === 0 || !tools.some((tool) => tool.info.toolId === LOAD_SKILL)) return '';
  const { promptMaxSkills, promptDescriptionChars } = DEFAULTS.skills;
  const lines = skills
    .slice(0, promptMaxSkills)
    .map((skill) => `- skill ${skill.name}: ${oneLine(skill.description, promptDescriptionChars)}`);
  return [
    'Skills (instructions for particular tasks). When the task matches one, call load_skill with its name first, then follow what it returns:',
    ...lines,
  ].join('\n');
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
