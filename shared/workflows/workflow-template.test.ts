import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { renderTemplate, templateProblems, templateRefs } from './workflow-template';

describe('workflow templates', () => {
  it('spaces inside the braces are trimmed', () => {
    expect(templateRefs('{{  file }} and {{steps.0.output}}')).toEqual([
      { type: 'param', name: 'file' },
      { type: 'step', index: 0 },
    ]);
    expect(renderTemplate('Read {{ file }}.', { file: 'a.md' }, [])).toBe('Read a.md.');
  });

  it('an unclosed "{{" followed by a long run of spaces is scanned in linear time', () => {
    const template = `{{${' '.repeat(200_000)}x`;
    // A synchronous regex cannot be interrupted by the test's timeout, so it runs under vm's
    // watchdog: the old cubic pattern needs hours here and is cut off; the linear one takes milliseconds.
    const problems: unknown = runInNewContext(
      'check(template)',
      { check: (text: string) => templateProblems(text, new Set(), 0), template },
      {
        timeout: 20_000,
      },
    );
    expect(problems).toEqual([]);
  });
});
