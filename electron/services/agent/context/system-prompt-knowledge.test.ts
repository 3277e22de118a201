import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, KNOWLEDGE_CITATIONS, type PromptTool } from './system-prompt';

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
