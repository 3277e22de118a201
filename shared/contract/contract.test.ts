import { describe, expect, it } from 'vitest';
import { CALL_NAMES, callRequestSchemas, isCallName } from './contract';
import { describeZodError } from './contract-error';
import { applySettingsPatch, defaultSettings, settingsPatchSchema, settingsSchema } from '../settings/settings';

describe('contract', () => {
  it('names every call once and recognises only those names', () => {
    expect(new Set(CALL_NAMES).size).toBe(CALL_NAMES.length);
    expect(isCallName('chat.send')).toBe(true);
    expect(isCallName('toString')).toBe(false);
    expect(isCallName('__proto__')).toBe(false);
  });

  it('rejects a bad chat.send payload with an error naming the field', () => {
    const parsed = callRequestSchemas['chat.send'].safeParse({ conversationId: null, text: 42, model: 'llama3.2' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(describeZodError('chat.send', parsed.error)).toMatch(/chat\.send: invalid request: "text"/);
  });

  it('rejects unknown fields instead of ignoring them', () => {
    const parsed = callRequestSchemas['run.cancel'].safeParse({ runId: 'r1', extra: true });
    expect(parsed.success).toBe(false);
  });
});

describe('settings', () => {
  it('defaults are valid', () => {
    expect(settingsSchema.safeParse(defaultSettings()).success).toBe(true);
  });

  it('refuses a host that is not http(s), naming the field', () => {
    const parsed = settingsPatchSchema.safeParse({ ollamaHost: 'file:///etc/passwd' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(describeZodError('settings.set', parsed.error)).toContain('"ollamaHost"');
  });

  it('refuses an Ollama address carrying a user name or password (it would be quoted in errors and logs)', () => {
    const parsed = settingsPatchSchema.safeParse({ ollamaHost: 'http://user:hunter2@127.0.0.1:11434' });
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(describeZodError('settings.set', parsed.error)).toMatch(/"ollamaHost".*must not contain a user name or password/);
    expect(settingsPatchSchema.safeParse({ ollamaHost: 'http://127.0.0.1:11434' }).success).toBe(true);
  });

  it('merges nested patches without losing siblings', () => {
    const next = applySettingsPatch(defaultSettings(), { limits: { maxIterations: 4 } });
    expect(next.limits.maxIterations).toBe(4);
    expect(next.limits.depthLimit).toBe(defaultSettings().limits.depthLimit);
  });
});
