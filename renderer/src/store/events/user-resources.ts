import type { ResourceChip } from './conversation-view';

/** `{ resources }` as chips when the event carries attached resources, else nothing (stored events are not trusted). */
export function userResources(resources: unknown): { resources?: ResourceChip[] } {
  if (!Array.isArray(resources)) return {};
  const chips = resources.flatMap((entry: unknown): ResourceChip[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { server, uri, name, text, truncated } = entry as Record<string, unknown>;
    if (typeof server !== 'string' || typeof uri !== 'string' || typeof text !== 'string') return [];
    return [{ server, uri, name: typeof name === 'string' && name !== '' ? name : uri, chars: text.length, truncated: truncated === true }];
  });
  return chips.length > 0 ? { resources: chips } : {};
}
