import { describe, expect, it } from 'vitest';
import { modelLabel } from './model-label';

const servers = [{ id: 'markdown-box', name: 'Markdown box' }];

describe('modelLabel', () => {
  it('names an added server by its display name, never its id', () => {
    expect(modelLabel('markdown-box::llama3.2:3b', servers)).toEqual({
      model: 'llama3.2:3b',
      server: 'Markdown box',
      text: 'llama3.2:3b · Markdown box',
    });
  });

  it('keeps the first server’s models plain', () => {
    expect(modelLabel('llama3.2:3b', servers)).toEqual({ model: 'llama3.2:3b', server: null, text: 'llama3.2:3b' });
    expect(modelLabel('hf.co/org/model:Q4_K_M', servers).text).toBe('hf.co/org/model:Q4_K_M');
  });

  it('says a removed server instead of showing the id', () => {
    expect(modelLabel('gone-box::qwen3:4b', servers).text).toBe('qwen3:4b · a removed server');
  });
});
