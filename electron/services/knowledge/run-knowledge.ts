import type { KnowledgeSource } from './knowledge-base';

/** What a run searches: the index, the embedding model, and the folders its conversation may see (absent: every folder). */
export interface RunKnowledge extends KnowledgeSource {
  /** The global folders and the conversation's project's; never another project's. */
  folders?: readonly string[];
}
