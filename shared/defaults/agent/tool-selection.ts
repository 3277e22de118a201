/** Which tools a model request carries when there are more than toolBudget (electron/services/agent/tool-selection). */
export const TOOL_SELECTION_DEFAULTS = {
  /**
   * Always offered, whatever the ranking: the orchestration tools (tools/user, tools/thinking,
   * tools/agents) and find_tools, which brings any other tool into reach.
   */
  coreTools: ['ask_user', 'stop_and_think', 'plan_next_steps', 'delegate_task', 'handoff', 'find_tools'] as readonly string[],
  /**
   * Characters of a tool's usage instructions added to its offered description (whole sentences
   * only). Measured over the 19 built-ins: 5,652 characters uncapped, 4,833 at 300 (about 1,200
   * tokens if all were offered; the tool budget offers at most 16).
   */
  usageInDescriptionChars: 300,
  /**
   * The usage instructions go out only while all offered definitions with them fit in this share
   * of num_ctx; past it (a small context) the plain definitions go, so the history is not cut for them.
   */
  usageMaxContextShare: 0.4,
  /** The ranking query: the goal plus this many of the latest messages of the loop. */
  queryRecentMessages: 3,
  /** Characters of each of those messages that enter the query. */
  queryMessageChars: 400,
  /** BM25 field boosts: a word of the tool's name weighs more than one of its description. */
  nameBoost: 3,
  descriptionBoost: 1.5,
  parameterBoost: 1,
  /** A query word's synonym (search-terms.ts) weighs this much of the word itself. */
  synonymWeight: 0.7,
  /**
   * Each pair of neighbouring query words the tool's name or description has side by side adds
   * this share of the best score (chosen on the training half of the labelled requests).
   */
  wordPairBonus: 0.5,
  /** Lexical fuzziness (share of a term's length that may differ); prefix matching is on. */
  fuzzy: 0.15,
  /**
   * A new turn keeps the tools the conversation's previous run offered (first, in their order:
   * the server's prompt cache then holds) unless the tools it adds would take the list past the
   * budget by more than this; then the list is selected afresh.
   */
  stickyExtraTools: 8,
  /** A new turn adds this many of its best ranked tools to the list it keeps (the rest of the budget is not refilled). */
  newTurnRankedTools: 3,
  /** find_tools returns at most this many tools. */
  findToolsMaxResults: 8,
  /** Characters of a tool's description in find_tools' answer. */
  findToolsDescriptionChars: 160,
  /** Embedding requests give up after this long; ranking falls back to keywords. */
  embedTimeoutMs: 15_000,
  /** Tool texts per /api/embed request. */
  embedBatchSize: 64,
  /** Vectors kept in memory (model + text hash); the oldest go first. */
  embedCacheMaxEntries: 5000,
} as const;
