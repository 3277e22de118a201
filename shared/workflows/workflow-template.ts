/**
 * Workflow templates: `{{name}}` is a param, `{{steps.<n>.output}}` the output of an earlier step
 * (0-based). Nothing else is a placeholder; there is no logic (seed non-goal: no branches).
 */
export type TemplateRef = { type: 'param'; name: string } | { type: 'step'; index: number } | { type: 'invalid'; text: string };

// Linear: one greedy class between the braces and the spaces trimmed afterwards. The lazy class
// between two \s* (/\{\{\s*([^{}]*?)\s*\}\}/) backtracked cubically over a run of spaces.
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const STEP_REF = /^steps\.(\d+)\.output$/;
const PARAM_REF = /^[a-z][a-z0-9_]*$/;

export function templateRefs(template: string): TemplateRef[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => parseRef((match[1] ?? '').trim()));
}

function parseRef(inner: string): TemplateRef {
  const step = STEP_REF.exec(inner);
  if (step) return { type: 'step', index: Number(step[1]) };
  if (PARAM_REF.test(inner)) return { type: 'param', name: inner };
  return { type: 'invalid', text: inner };
}

/**
 * Problems with the placeholders of the template of step `stepIndex` (null for a workflow-level
 * text): unknown params, steps that are not earlier, and anything else in braces.
 */
export function templateProblems(template: string, paramNames: ReadonlySet<string>, stepIndex: number): string[] {
  const problems: string[] = [];
  for (const ref of templateRefs(template)) {
    switch (ref.type) {
      case 'param':
        if (!paramNames.has(ref.name)) problems.push(`{{${ref.name}}} names no param; declare it in "params" or fix the spelling`);
        break;
      case 'step':
        if (ref.index >= stepIndex)
          problems.push(
            `{{steps.${ref.index}.output}} is not an earlier step (this is step ${stepIndex}); a step can only use the output of steps before it`,
          );
        break;
      case 'invalid':
        problems.push(`{{${ref.text}}} is not a placeholder; use {{param_name}} or {{steps.<n>.output}}`);
        break;
      default: {
        const unreachable: never = ref;
        return unreachable;
      }
    }
  }
  return problems;
}

/** Fills a checked template. Values are inserted as text, never re-read as templates. */
export function renderTemplate(
  template: string,
  params: Readonly<Record<string, string | number | boolean>>,
  outputs: readonly string[],
): string {
  return template.replace(PLACEHOLDER, (whole, inner: string) => {
    const ref = parseRef(inner.trim());
    switch (ref.type) {
      case 'param':
        return Object.hasOwn(params, ref.name) ? String(params[ref.name]) : '';
      case 'step':
        return outputs[ref.index] ?? '';
      case 'invalid':
        return whole;
      default: {
        const unreachable: never = ref;
        return unreachable;
      }
    }
  });
}
