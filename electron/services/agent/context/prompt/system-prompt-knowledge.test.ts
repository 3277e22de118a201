import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, KNOWLEDGE_CITATIONS, type PromptTool } from './system-prompt';
import { projectInstructionsOf } from '../../../projects/project-run-settings';

const tool = (toolId: string): PromptTool => ({ info: { toolId, category: 'x', description: toolId } as PromptTool['info'] });

describe('the citation rule in the system prompt', () => {
  const base = { mode: 'native' as const, workspace: null, role: 'main' as const };
  it('is there exactly when search_knowledge is offered', () => {
    expect(buildSystemPrompt({ ...base, tools: [tool('read_file'), tool('search_knowledge')], toolsOffered: true })).toContain(
      KNOWLEDGE_CITATIONS,
    );
    expect(buildSystemPrompt({ ...base, tools: [tool('read_file')], toolsOffered: true })).not.toContain(KNOWLEDGE_CITATIONS);
    expect(buildSystemPrompt({ ...base, tools: [tool('search_knowledge')], toolsOffered: false })).not.toContain(KNOWLEDGE_CITATIONS);
  });
});

describe("the project's instructions in the system prompt", () => {
  const base = { mode: 'native' as const, workspace: null, tools: [], toolsOffered: false };
  const instructions = { project: 'Garden', text: 'Answer in French.' };
  it('the main run gets them after the opening instructions, named with the project, with or without its own system prompt', () => {
    const prompt = buildSystemPrompt({ ...base, role: 'main', projectInstructions: instructions });
    expect(prompt).toContain('"Garden"');
    expect(prompt.indexOf('You are TACO')).toBeLessThan(prompt.indexOf('Answer in French.'));
    const own = buildSystemPrompt({ ...base, role: 'main', userPrompt: 'You are terse.', projectInstructions: instructions });
    expect(own.startsWith('You are terse.')).toBe(true);
    expect(own).toContain('Answer in French.');
  });

  it('a sub-agent, no project and blank instructions add nothing', () => {
    const plain = buildSystemPrompt({ ...base, role: 'main' });
    expect(buildSystemPrompt({ ...base, role: 'main', projectInstructions: { project: 'Garden', text: '  \n' } })).toBe(plain);
    expect(buildSystemPrompt({ ...base, role: 'main', projectInstructions: null })).toBe(plain);
    expect(buildSystemPrompt({ ...base, role: 'sub-agent', projectInstructions: instructions })).not.toContain('Answer in French.');
  });

  it('a run takes them from its project only when the project has some', () => {
    expect(projectInstructionsOf(null)).toEqual({});
    expect(projectInstructionsOf({ name: 'Garden', instructions: ' ' })).toEqual({});
    expect(projectInstructionsOf({ name: 'Garden', instructions: ' Answer in French. ' })).toEqual({ projectInstructions: instructions });
  });
});
