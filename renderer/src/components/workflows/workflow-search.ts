import type { WorkflowCategory } from '../../../../shared/workflows/workflow';

/** The categories with only the workflows whose id, name, description or category contain every word typed. */
export function filterWorkflows(categories: readonly WorkflowCategory[], query: string): WorkflowCategory[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...categories];
  return categories
    .map((group) => ({
      category: group.category,
      workflows: group.workflows.filter((info) => {
        const { id, name, description, category } = info.definition;
        const haystack = `${id} ${name} ${description} ${category}`.toLowerCase();
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((group) => group.workflows.length > 0);
}

/** `/wf <id> free text` typed in the composer: the workflow id and the words after it. */
export function parseWorkflowCommand(text: string): { workflowId: string; rest: string } | null {
  const match = /^\/wf(?:\s+(\S+))?(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return null;
  return { workflowId: match[1] ?? '', rest: (match[2] ?? '').trim() };
}
