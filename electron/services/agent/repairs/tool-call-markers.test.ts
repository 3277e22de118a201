import { describe, expect, it } from 'vitest';
import { createMarkerNormalizer } from './tool-call-markers';

function feed(pieces: string[]): string {
  const normalizer = createMarkerNormalizer();
  return pieces.map((piece) => normalizer.push(piece)).join('') + normalizer.end();
}

describe('tool-call markers written into text', () => {
  it('hermes / qwen <tool_call> tags become lines, even when a tag is cut across deltas', () => {
    const out = feed(['<tool_', 'call>\n{"name": "read_file", "arguments": {"path": "a.txt"}}\n</tool', '_call>']);
    expect(out).not.toContain('tool_call>');
    expect(out.trim()).toBe('{"name": "read_file", "arguments": {"path": "a.txt"}}');
  });

  it('mistral [TOOL_CALLS] with a JSON array becomes one object per line', () => {
    const out = feed(['Sure. [TOOL_', 'CALLS][{"name": "a", "arguments": {}}, {"name": "b", "arguments": {"x": 1}}]']);
    expect(out).toBe('Sure. \n{"name":"a","arguments":{}}\n{"name":"b","arguments":{"x":1}}\n');
  });

  it('the newer mistral name[ARGS]{…} form is read too', () => {
    expect(feed(['[TOOL_CALLS]read_file[ARGS]{"path": "a.txt"}'])).toBe('\n{"name": "read_file", "arguments": {"path": "a.txt"}}\n');
  });

  it('llama 3.x <|python_tag|> starts a line', () => {
    expect(feed(['<|python', '_tag|>{"name": "f", "parameters": {}}'])).toBe('\n{"name": "f", "parameters": {}}');
  });

  it('text without markers passes unchanged, a lone "<" included', () => {
    expect(feed(['a < b and [x]', ' done <'])).toBe('a < b and [x] done <');
  });
});
