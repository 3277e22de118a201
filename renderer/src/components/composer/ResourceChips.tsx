import type { ResourceChip } from '../../store/events/conversation-view';

/** "12.3k characters" — how much text the model reads from an attached resource. */
export function resourceSize(chip: Pick<ResourceChip, 'chars' | 'truncated'>): string {
  const amount = chip.chars >= 1000 ? `${(chip.chars / 1000).toFixed(1)}k` : String(chip.chars);
  return `${amount} characters${chip.truncated ? ', shortened' : ''}`;
}

/**
 * Attached MCP resources as chips: name, server, size; with `onRemove`, a remove button each (the
 * composer), without it read-only (a sent message).
 */
export function ResourceChips({ chips, onRemove }: { chips: readonly ResourceChip[] | undefined; onRemove?(chip: ResourceChip): void }) {
  if (!chips || chips.length === 0) return null;
  return (
    <ul className="resource-chips" aria-label="Attached resources" data-testid="resource-chips">
      {chips.map((chip) => (
        <li key={`${chip.server} ${chip.uri}`} className="resource-chip" data-testid="resource-chip" title={chip.uri}>
          <span className="resource-chip-name">{chip.name}</span>
          <span className="resource-chip-meta">
            {chip.server} · {resourceSize(chip)}
          </span>
          {onRemove && (
            <button type="button" className="resource-chip-remove" aria-label={`Remove ${chip.name}`} onClick={() => onRemove(chip)}>
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
