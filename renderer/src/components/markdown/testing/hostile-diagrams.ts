/** The review's hostile flowchart: `nodes` nodes, every pair joined (32 nodes: 496 edges in 4.7 KB, under mermaid's own caps). */
export function completeGraph(nodes: number): string {
  const lines = ['flowchart TD'];
  for (let from = 0; from < nodes; from += 1) for (let to = from + 1; to < nodes; to += 1) lines.push(`n${from}-->n${to}`);
  return lines.join('\n');
}
