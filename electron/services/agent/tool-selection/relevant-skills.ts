import { DEFAULTS } from '../../../../shared/constants';
import type { SkillSummary } from '../../../../shared/skills/skills';
import type { ToolDefinition } from '../../../../shared/tools/tool-definition';
import type { LoopScope, RunShared } from '../loop/run-context';
import { lexicalIndexFor } from './ranking/lexical-index';

/** The tool that hands the model a skill's instructions (tools/skills/load_skill). */
export const LOAD_SKILL = 'load_skill';

const chosen = new WeakMap<RunShared, readonly SkillSummary[]>();

/**
 * The skills this run lists in its prompt and can load: those whose name or description the
 * request's words match (the tools' keyword ranking, tool-selection/lexical-index.ts), best first,
 * at most DEFAULTS.skills.promptMaxSkills. Decided once, at the run's first request, so the
 * system prompt stays the same for every request of the run. None: no skills section, and
 * load_skill is not offered.
 */
export function relevantSkills(shared: RunShared, scope: Pick<LoopScope, 'goal'>): readonly SkillSummary[] {
  const known = chosen.get(shared);
  if (known) return known;
  const all = shared.input.skills?.list() ?? [];
  const picked = rankSkills(all, scope.goal);
  chosen.set(shared, picked);
  return picked;
}

/** The skills this run lists, once its first request decided them (none before). */
export function chosenSkills(shared: RunShared): readonly SkillSummary[] {
  return chosen.get(shared) ?? [];
}

/** Whether this run lists skills (decided at its first request). */
export function skillsChosen(shared: RunShared): boolean {
  return chosenSkills(shared).length > 0;
}

/** The skills whose words the query has, best first (keywords, with the tools' stemming and synonyms). */
export function rankSkills(skills: readonly SkillSummary[], query: string): SkillSummary[] {
  if (skills.length === 0 || query.trim() === '') return [];
  const byName = new Map(skills.map((skill) => [skill.name, skill]));
  const definitions: ToolDefinition[] = skills.map((skill) => ({
    type: 'function',
    function: { name: skill.name, description: skill.description, parameters: { type: 'object', properties: {}, required: [] } },
  }));
  return lexicalIndexFor(definitions)
    .rank(query)
    .flatMap((name) => byName.get(name) ?? [])
    .slice(0, DEFAULTS.skills.promptMaxSkills);
}
