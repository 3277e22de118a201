/** Names close to `wanted` (substring or small edit distance), best first. */
export function closeMatches(wanted: string, names: readonly string[], limit: number): string[] {
  const target = wanted.trim().toLowerCase();
  if (!target) return [];
  const maxDistance = Math.max(2, Math.floor(target.length / 3));
  return names
    .map((name) => {
      const lower = name.toLowerCase();
      const contains = lower.includes(target) || target.includes(lower);
      return { name, score: contains ? 0 : editDistance(target, lower) };
    })
    .filter((entry) => entry.score <= maxDistance)
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((entry) => entry.name);
}

/** Levenshtein distance, two rows. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
