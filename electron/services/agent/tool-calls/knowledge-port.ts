import { DEFAULTS } from '../../../../shared/constants';
import type { KnowledgePassage } from '../../../../shared/knowledge/knowledge';
import type { KnowledgePort } from '../../../../tools/catalogue/tool-runtime-types';
import type { IndexedChunk } from '../../knowledge/knowledge-index';
import type { RunKnowledge } from '../../knowledge/run-knowledge';
import type { RunShared } from '../loop/run-context';

/** The numbers a run gave its passages (by chunk text and place), shared by its sub-agents. */
const numbering = new WeakMap<RunShared, Map<string, number>>();

/**
 * search_knowledge over the user's folders. Passages are numbered per run (and its sub-agents,
 * which share the run's `RunShared`): a passage found again keeps its number, a new
 * one takes the next, so every [n] in the answer names one passage. A run sees only its folders
 * (a project's folders never reach another project's conversation). Each search tells the window
 * which passages went into the context (`knowledge-used`), so a citation can open its passage.
 */
export function knowledgePort(shared: RunShared, source: RunKnowledge): KnowledgePort {
  return {
    async search(query, limit) {
      const found = await scopedSearch(shared, source, query, limit);
      const passages = numberPassages(shared, found.chunks.slice(0, limit));
      announcePassages(shared, passages);
      return { passages, note: found.vectorProblem };
    },
  };
}

/**
 * The run's folders' best chunks for a query, best first (up to `wanted`, or more when scoped:
 * the index ranks every folder, so more are asked for and other folders' are dropped).
 */
export async function scopedSearch(
  shared: RunShared,
  source: RunKnowledge,
  query: string,
  wanted: number,
): Promise<{ chunks: IndexedChunk[]; vectorProblem: string | null }> {
  const allowed = source.folders ? new Set(source.folders) : null;
  const asked = allowed ? Math.max(wanted, DEFAULTS.knowledge.candidatesPerRanking) : wanted;
  const found = await source.base.search(query, asked, source.embedder, shared.signal);
  const chunks = allowed ? found.chunks.filter((chunk) => allowed.has(chunk.folder)) : found.chunks;
  return { chunks, vectorProblem: found.vectorProblem };
}

/** The chunks as passages with the run's numbers: one found before keeps its number, a new one takes the next. */
export function numberPassages(shared: RunShared, chunks: readonly IndexedChunk[]): KnowledgePassage[] {
  let given = numbering.get(shared);
  if (!given) {
    given = new Map();
    numbering.set(shared, given);
  }
  const numbers = given;
  return chunks.map((chunk) => {
    const key = `${chunk.folder}\0${chunk.file}\0${JSON.stringify(chunk.location)}\0${chunk.hash}`;
    let n = numbers.get(key);
    if (n === undefined) {
      n = numbers.size + 1;
      numbers.set(key, n);
    }
    return { n, folder: chunk.folder, file: chunk.file, location: chunk.location, heading: chunk.heading, text: chunk.text };
  });
}

/** Tells the window which passages went into the context (`knowledge-used`), each cut as the model reads it. */
export function announcePassages(shared: RunShared, passages: readonly KnowledgePassage[]): void {
  if (passages.length === 0) return;
  const shown = passages.map((passage) => ({ ...passage, text: cutPassage(passage.text) }));
  shared.emit({ type: 'knowledge-used', passages: shown });
}

/** A passage's text as the model reads it: at most `DEFAULTS.knowledge.passageChars`, cut with an ellipsis. */
export function cutPassage(text: string): string {
  const chars = DEFAULTS.knowledge.passageChars;
  return text.length <= chars ? text : `${text.slice(0, chars)}…`;
}
