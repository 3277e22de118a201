import type { KnowledgePort } from '../../../../tools/catalogue/tool-runtime-types';
import type { KnowledgeSource } from '../../knowledge/knowledge-base';
import type { RunShared } from '../loop/run-context';

/** The numbers a run gave its passages (by chunk text and place), shared by its sub-agents. */
const numbering = new WeakMap<RunShared, Map<string, number>>();

/**
 * search_knowledge over the user's folders. Passages are numbered per run (and its sub-agents,
 * which share the run's `RunShared`): a passage found again keeps its number, a new
 * one takes the next, so every [n] in the answer names one passage.
 */
export function knowledgePort(shared: RunShared, source: KnowledgeSource): KnowledgePort {
  let numbers = numbering.get(shared);
  if (!numbers) {
    numbers = new Map();
    numbering.set(shared, numbers);
  }
  const given = numbers;
  return {
    async search(query, limit) {
      const found = await source.base.search(query, limit, source.embedder, shared.signal);
      const passages = found.chunks.map((chunk) => {
        const key = `${chunk.folder}\0${chunk.file}\0${JSON.stringify(chunk.location)}\0${chunk.hash}`;
        let n = given.get(key);
        if (n === undefined) {
          n = given.size + 1;
          given.set(key, n);
        }
        return { n, folder: chunk.folder, file: chunk.file, location: chunk.location, heading: chunk.heading, text: chunk.text };
      });
      return { passages, note: found.vectorProblem };
    },
  };
}
