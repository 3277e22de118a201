/**
 * "Save as workflow": a draft whose one prompt step is the user's request. The user then names the
 * parts that change as params ({{name}}) in the editor; main validates every keystroke's version.
 */
export function draftFromRequest(request: string): string {
  const words = request
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 4);
  const id = words.length > 0 ? words.join('_').replace(/^[^a-z]+/, '') || 'my_workflow' : 'my_workflow';
  const name = request.split('\n')[0]?.trim().slice(0, 60) || 'My workflow';
  return `${JSON.stringify(
    {
      id: id.slice(0, 64),
      name,
      category: 'My workflows',
      description: `Runs: ${name}`,
      params: [],
      steps: [{ type: 'prompt', prompt: request }],
    },
    null,
    2,
  )}\n`;
}
