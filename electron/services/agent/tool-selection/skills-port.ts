import type { SkillsPort } from '../../../../tools/catalogue/tool-runtime-types';
import type { RunShared } from '../loop/run-context';
import { chosenSkills } from './relevant-skills';

/**
 * load_skill's view of the run's skills: only those the run lists in its prompt (the relevant
 * ones), so a skill the request did not call for is not loaded by guessing its name.
 */
export function skillsPort(shared: RunShared): SkillsPort {
  const listed = (): Set<string> => new Set(chosenSkills(shared).map((skill) => skill.name));
  return {
    names: () => [...listed()],
    load: async (name) => (listed().has(name) && shared.input.skills ? shared.input.skills.load(name) : null),
  };
}
