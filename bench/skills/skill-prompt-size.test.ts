import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../shared/constants';
import { FIGURES } from '../report/bench-figures';
import { measureSkillPrompt, runSkillPromptBench } from './skill-prompt-size';

describe('skills in the prompt: progressive disclosure against every skill', () => {
  it.each([5, 20, 100])('with %i skills, the prompt carries only the matching names and descriptions', (count) => {
    const size = measureSkillPrompt(count);
    expect(size.progressiveTokens).toBeGreaterThan(0);
    expect(size.progressiveTokens).toBeLessThan(size.everyDescriptionTokens);
    expect(size.everyDescriptionTokens).toBeLessThan(size.everyBodyTokens);
    // Bounded whatever the count: at most promptMaxSkills lines of promptDescriptionChars.
    expect(size.progressiveTokens).toBeLessThanOrEqual(
      Math.ceil((200 + DEFAULTS.skills.promptMaxSkills * (DEFAULTS.skills.promptDescriptionChars + 90)) / DEFAULTS.agent.charsPerToken),
    );
  });

  it('a request no skill matches costs no tokens', () => {
    expect(measureSkillPrompt(50, 'What is the weather on the moon?').progressiveTokens).toBe(0);
  });
});

describe("npm run bench's skills figure", () => {
  it('is the 50-skill prompt with only matching skills over every SKILL.md, inside its budget', () => {
    const size = measureSkillPrompt(50);
    const ratio = runSkillPromptBench().skills_prompt_tokens_ratio?.[0];
    expect(ratio).toBe(size.progressiveTokens / size.everyBodyTokens);
    expect(ratio).toBeGreaterThan(0);
    expect(ratio).toBeLessThanOrEqual(FIGURES.find((figure) => figure.name === 'skills_prompt_tokens_ratio')?.budget ?? 0);
  });
});
