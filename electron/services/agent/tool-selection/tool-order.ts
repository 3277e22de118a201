/**
 * The order the offered tools go out in: the tools offered before keep their places, and tools
 * that join are added after them (in the order given). Ollama renders the tools at the top of the
 * prompt and reuses its cache only up to the first character that differs from the previous
 * prompt, so a tool slotted in between, a dropped one or a reordering makes the server evaluate
 * the whole conversation again; a tool appended costs only what follows it. Sticky: a tool once
 * offered stays (dropping it would change the prefix as much as inserting one).
 *
 * One rule for every request that carries tools, so whatever groups them (by category, say)
 * reuses it: group first, then pass the grouped list as `next`.
 */
export function stableToolOrder(previous: readonly string[], next: readonly string[]): string[] {
  const kept = new Set(previous);
  return [...previous, ...next.filter((id) => !kept.has(id))];
}
