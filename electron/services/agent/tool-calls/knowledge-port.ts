import { DEFAULTS } from '../../../../shared/constants';
import type { KnowledgePassage } from '../../../../shared/knowledge/knowledge';
import type { KnowledgePort } from '../../../../tools/catalogue/tool-runtime-types';
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
  let numbers = numbering.get(shared);
  if (!numbers) {
    numbers = new Map();
    numbering.set(shared, numbers);
  }
  const given = numbers;
  const allowed = source.folders ? new Set(source.folders) : null;
  return {
    async search(query, limit) {
      // Scoped: ask for more, then keep the run's folders' passages (the index ranks every folder).
      const asked = allowed ? Math.max(limit, DEFAULTS.knowledge.candidatesPerRanking) : limit;
      const found = await source.base.search(query, asked, source.embedder, shared.signal);
      const chunks = (allowed ? found.chunks.filter((chunk) => allowed.has(chunk.folder)) : found.chunks).slice(0, limit);
      const passages: KnowledgePassage[] = chunks.map((chunk) => {
        const key = `${chunk.folder}\0${chunk.file}\0${JSON.stringify(chunk.location)}\0${chunk.hash}`;
        let n = given.get(key);
        if (n === undefined) {
          n = given.size + 1;
          given.set(key, n);
        }
        return { n, folder: chunk.folder, file: chunk.file, location: chunk.location, heading: chunk.heading, text: chunk.text };
      });
      if (passages.length > 0) {
        const shown = passages.map((passage) => ({ ...passage, text: cut(passage.text, DEFAULTS.knowledge.passageChars) }));
        shared.emit({ type: 'knowledge-used', passages: shown });
      }
      return { passages, note: found.vectorProblem };
    },
  };
}

function cut(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars)}…`;
}
