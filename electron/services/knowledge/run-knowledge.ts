import type { KnowledgeSource } from './knowledge-base';

/** What a run searches: the index, the embedding model, and the folders its conversation may see (absent: every folder). */
export interface RunKnowledge extends KnowledgeSource {
  /** The global folders and the conversation's project's; never another project's. */
  folders?: readonly string[];
  /**
   * Search the folders for the user's message before the model's first step and put the best
   * passages into the context (the conversation's or its project's choice; `searchesEveryMessage`).
   * Absent or false: only the model's search_knowledge calls search.
   */
  everyMessage?: boolean;
}
