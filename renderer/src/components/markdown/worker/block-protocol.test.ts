import { describe, expect, it } from 'vitest';
import { FENCE_WITH_LANGUAGE } from './block-protocol';

describe('FENCE_WITH_LANGUAGE', () => {
  it('names fences the highlighter colours', () => {
    expect(FENCE_WITH_LANGUAGE.test('```ts\nconst a = 1;\n```')).toBe(true);
    expect(FENCE_WITH_LANGUAGE.test('~~~ python\nprint(1)\n~~~')).toBe(true);
    expect(FENCE_WITH_LANGUAGE.test('Text\n\n```c++\nint a;\n```')).toBe(true);
  });

  it('leaves out a fence without a language', () => {
    expect(FENCE_WITH_LANGUAGE.test('```\nplain\n```')).toBe(false);
  });

  // A diagram is drawn, not highlighted: loading the highlighter's chunk for it (every grammar
  // registered in one task) coloured nothing and was one of the long tasks of a diagram conversation.
  it('leaves out a mermaid fence, but not a language that only starts with the word', () => {
    expect(FENCE_WITH_LANGUAGE.test('```mermaid\ngraph TD\n  A --> B\n```')).toBe(false);
    expect(FENCE_WITH_LANGUAGE.test('``` mermaid\ngraph TD\n```')).toBe(false);
    expect(FENCE_WITH_LANGUAGE.test('```mermaid-js\ngraph TD\n```')).toBe(true);
    expect(FENCE_WITH_LANGUAGE.test('```mermaid\ngraph TD\n```\n\n```json\n{}\n```')).toBe(true);
  });
});
