import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../shared/constants';
import { measureSkillPrompt } from './skill-prompt-size';

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
