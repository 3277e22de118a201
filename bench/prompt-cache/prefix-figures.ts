import type { JsonObject } from '../../shared/contract/json';
import { commonPrefixLength, renderServerPrompt } from '../../test-support/fake-ollama/index';
import type { SentRequest } from './cache-scripts';

/** A request's prompt as the server renders it (tools, system, messages). */
export function serverPromptOf(body: JsonObject): string {
  const tools = Array.isArray(body['tools']) ? body['tools'] : null;
  const messages = Array.isArray(body['messages']) ? (body['messages'] as Array<{ role: string; content: string }>) : [];
  return renderServerPrompt({ tools, messages });
}

/** One step request against the one before it: how much of its prompt the server had cached. */
export interface PrefixReuse {
  /** Index of the later request among the steps. */
  step: number;
  turn: number;
  sameTurn: boolean;
  /** Characters of the later prompt equal to the earlier prompt's start, over the later prompt's length. */
  share: number;
}

/**
 * Each step request (side requests left out: they go to the model's slot too, but are not the
 * conversation) against the step request before it.
 */
export function prefixReuse(sent: readonly SentRequest[]): PrefixReuse[] {
  const steps = sent.filter((request) => request.kind === 'step');
  const prompts = steps.map((request) => serverPromptOf(request.body));
  return steps.slice(1).map((request, index) => {
    const before = prompts[index] ?? '';
    const now = prompts[index + 1] ?? '';
    return {
      step: index + 1,
      turn: request.turn,
      sameTurn: steps[index]?.turn === request.turn,
      share: now.length === 0 ? 1 : commonPrefixLength(before, now) / now.length,
    };
  });
}

/** The mean share over the pairs that match (within a run, or the first request of each turn). */
export function meanShare(reuse: readonly PrefixReuse[], sameTurn: boolean): number {
  const chosen = reuse.filter((entry) => entry.sameTurn === sameTurn);
  return chosen.length === 0 ? 1 : chosen.reduce((sum, entry) => sum + entry.share, 0) / chosen.length;
}

/** Distinct num_ctx values sent per model (steps and side requests), from turn `fromTurn` on; the largest count. */
export function numCtxChanges(sent: readonly SentRequest[], fromTurn = 0): number {
  const perModel = new Map<string, Set<string>>();
  for (const request of sent) {
    if (request.turn < fromTurn) continue;
    const model = String(request.body['model']);
    const options = request.body['options'] as JsonObject | undefined;
    const values = perModel.get(model) ?? new Set<string>();
    values.add(String(options?.['num_ctx'] ?? 'unset'));
    perModel.set(model, values);
  }
  return Math.max(0, ...[...perModel.values()].map((values) => values.size));
}
