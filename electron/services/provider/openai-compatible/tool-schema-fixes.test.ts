import { describe, expect, it } from 'vitest';
import { llamaCppToolSchemaAcceptance } from '../../../../test-support/replays/llama-cpp-replays';
import { pinRefusedTools, sanitiseSchema } from './tool-schema-fixes';

const cases = Object.entries(llamaCppToolSchemaAcceptance);

describe('tool schemas against what llama.cpp 82bb48500a9a compiled (tool-schema-acceptance.json)', () => {
  it.each(cases.filter(([, tested]) => tested.status === 200))('%s, which it compiled, is sent unchanged', (_name, tested) => {
    expect(sanitiseSchema(tested.schema)).toEqual(tested.schema);
  });

  it.each(cases.filter(([, tested]) => tested.status !== 200))(
    '%s, which it refused, is pinned on its tool and sanitised',
    (_name, tested) => {
      const tool = { type: 'function' as const, function: { name: 't', parameters: tested.schema } };
      expect(pinRefusedTools(tested.message, [tool])).toEqual([{ name: 't', action: 'sanitised' }]);
      expect(JSON.stringify(sanitiseSchema(tested.schema))).not.toContain('"pattern"');
    },
  );

  it('a parameter named "pattern" (a search tool) is a name, not the keyword: it stays', () => {
    const schema = { type: 'object', properties: { pattern: { type: 'string', pattern: 'a+' } } };
    expect(sanitiseSchema(schema)).toEqual({ type: 'object', properties: { pattern: { type: 'string' } } });
  });
});
