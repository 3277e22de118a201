import { DEFAULTS } from '../../../../shared/constants';

export interface SelectionInput {
  /** Every enabled tool id, in catalogue order. */
  all: readonly string[];
  /** Tools per request; 0 offers all. */
  budget: number;
  /** Tool ids best first (may be partial: tools that did not match come after, in catalogue order). */
  ranking: readonly string[];
  /** Always offered: the core set, tools used in this run, tools find_tools brought in. */
  keep: ReadonlySet<string>;
}

export interface Selection {
  /** The offered ids, in catalogue order (a stable prefix helps Ollama's prompt cache). */
  offered: string[];
  narrowed: boolean;
}

/** Whether a catalogue of this size is narrowed at all under this budget. */
export function needsSelection(total: number, budget: number): boolean {
  return budget > 0 && total > budget;
}

/**
 * The tools one request carries: all of them when they fit the budget; otherwise the tools to
 * keep, then the best ranked, then (if the ranking matched too few) the rest in catalogue order,
 * up to the budget. Kept tools are never dropped, even past the budget.
 */
export function selectTools(input: SelectionInput): Selection {
  if (!needsSelection(input.all.length, input.budget)) return { offered: [...input.all], narrowed: false };
  const known = new Set(input.all);
  const chosen = new Set([...input.keep].filter((id) => known.has(id)));
  for (const id of [...input.ranking, ...input.all]) {
    if (chosen.size >= input.budget) break;
    if (known.has(id)) chosen.add(id);
  }
  return { offered: input.all.filter((id) => chosen.has(id)), narrowed: chosen.size < input.all.length };
}

export function isCoreTool(toolId: string): boolean {
  return DEFAULTS.toolSelection.coreTools.includes(toolId);
}
