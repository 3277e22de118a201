import { DEFAULTS } from '../../../../shared/constants';
import type { ToolDefinition } from '../../../../shared/tools/tool-definition';
import type { RegisteredTool } from '../../../../tools/catalogue/tool-runtime-types';
import { emitStatus, type LoopScope, type RunShared } from '../loop/run-context';
import { sharedEmbeddingCache } from './ranking/embedding-cache';
import { usageByTool, type UsageByTool } from './ranking/lexical-index';
import { isCoreTool, needsSelection, selectTools } from './select-tools';
import { selectionQuery } from './selection-query';
import { rankTools, type RankerKind, type Ranking } from './tool-ranking';
import { stableToolOrder } from './tool-order';
import { toolsTheRequestNames } from './ranking/named-operations';
import { toolsNamedIn } from './used-tools';
import { LOAD_SKILL, relevantSkills, skillsChosen } from './relevant-skills';

/** The tool that searches the others; offered only when the request does not carry every tool. */
export const FIND_TOOLS = 'find_tools';
/** The knowledge folders' search: kept in every request of a run that has folders. */
export const SEARCH_KNOWLEDGE = 'search_knowledge';

/** search_knowledge goes out only in a run with knowledge folders: without them it could find nothing and would only take room. */
function knowledgeAdded(shared: RunShared): boolean {
  return shared.input.knowledge !== undefined;
}

/** What one run remembers across its requests (the main loop and its sub-agents share it). */
interface RunSelectionState {
  /** Tools the model called in this run (offered when called): always offered again. */
  used: Set<string>;
  /** Tools find_tools brought in: offered for the rest of the run. */
  found: Set<string>;
  /** Set after the embedding model failed once: the rest of the run ranks by keywords. */
  embeddingFailed: boolean;
  /** The run's tool definitions, one array for all its requests (the lexical index is found by it). */
  definitions: ToolDefinition[];
  /** Their usage instructions by tool name (one map for the run, like the definitions). */
  usage: UsageByTool;
  /** What the last request offered, in the order it went out: later requests keep it as their prefix. */
  offered: string[];
}

const states = new WeakMap<RunShared, RunSelectionState>();

/**
 * Fits the selected tools to the model's window (stream-step: fewer tools when even the shortest
 * history leaves them no room); `keep` are the tools it must not cut. Returns the tools that go out.
 */
export type ToolWindowFit = (tools: RegisteredTool[], keep: ReadonlySet<string>) => Promise<RegisteredTool[]>;

function stateOf(shared: RunShared): RunSelectionState {
  let state = states.get(shared);
  if (!state) {
    state = {
      used: new Set(),
      found: new Set(),
      embeddingFailed: false,
      definitions: shared.tools.map((tool) => tool.definition),
      usage: usageByTool(shared.tools),
      offered: [],
    };
    states.set(shared, state);
  }
  return state;
}

/**
 * The tools this model request carries. When the enabled tools exceed the budget
 * (`toolBudget`), ranks them against the goal and the last turns and keeps the top ones, always
 * with the core set, the tools used in this run and those find_tools brought in. Emits
 * `tools-offered` for every request that offers tools while a budget is set.
 *
 * For the server's prompt cache the list is sticky and its order stable (`stableToolOrder`): a
 * tool once offered in a run stays in its place and new ones (find_tools' finds) go last, and a
 * run starts from what the conversation's previous run offered (`continuedOrder`).
 */
export async function toolsForRequest(shared: RunShared, scope: LoopScope, fit?: ToolWindowFit): Promise<RegisteredTool[]> {
  const state = stateOf(shared);
  // Only calls to offered tools run (call-target.ts): a refused call to another tool earns it no place.
  const offeredBefore = new Set(state.offered);
  for (const name of toolsNamedIn(scope.messages)) if (offeredBefore.has(name)) state.used.add(name);
  // load_skill goes out only while a skill fits the request (relevant-skills.ts), and then is never cut.
  const skillsOffered = relevantSkills(shared, scope).length > 0;
  const offerable = (id: string): boolean => (skillsOffered || id !== LOAD_SKILL) && (knowledgeAdded(shared) || id !== SEARCH_KNOWLEDGE);
  const catalogue = shared.tools.filter((tool) => tool.info.toolId !== FIND_TOOLS && offerable(tool.info.toolId));
  const budget = shared.input.toolBudget ?? 0;
  // The window may cut anything but these, at every request of the run (steps, repairs, retries).
  const neverCut = new Set([
    ...shared.tools.map((tool) => tool.info.toolId).filter(isCoreTool),
    ...state.used,
    ...state.found,
    ...toolsTheRequestNames(
      shared.tools.map((tool) => tool.info.toolId),
      scope.current.content,
    ),
    // With knowledge folders added, their search is always at hand (the user's question may share no word with its description).
    ...(knowledgeAdded(shared) ? shared.tools.map((tool) => tool.info.toolId).filter((id) => id === SEARCH_KNOWLEDGE) : []),
    ...(skillsOffered ? [LOAD_SKILL] : []),
  ]);
  if (!needsSelection(catalogue.length, budget)) {
    const fitted = fit ? await fit(catalogue, neverCut) : catalogue;
    const cut = fitted.length < catalogue.length;
    // With no budget (0: all tools) there is nothing to tell unless the window cut some; under the budget, the event says so.
    if (budget > 0 || cut) emitOffered(shared, fitted, shared.tools.length, cut, configuredRanker(shared, state));
    return fitted;
  }
  // Within a run what was offered stays selected, so the selection only grows (by find_tools' finds);
  // what of it goes out is fitted to the window afresh at every request (`neverCut`, not `keep`).
  const keep = new Set([...neverCut, ...state.offered]);
  const fixed = state.offered.length > 0 && keepFillsBudget(shared, keep, budget);
  const ranking = fixed ? unranked(shared, state) : await rankForRequest(shared, state, scope);
  const selectable = shared.tools.map((tool) => tool.info.toolId).filter(offerable);
  const selection = selectTools({ all: selectable, budget, ranking: ranking.ids, keep });
  const byId = new Map(shared.tools.map((tool) => [tool.info.toolId, tool]));
  state.offered =
    state.offered.length > 0
      ? stableToolOrder(state.offered, selection.offered)
      : (continuedOrder(selectable, shared.input.offeredBefore, keep, ranking.ids, budget) ?? selection.offered);
  const selected = state.offered.flatMap((id) => byId.get(id) ?? []);
  const offered = fit ? await fit(selected, neverCut) : selected;
  emitOffered(shared, offered, shared.tools.length, selection.narrowed || offered.length < selected.length, ranking.ranker);
  return offered;
}

/**
 * Whether the tools a later request of the run must keep (what the run offered before, the core
 * set, the used and found tools) already fill the budget: then no ranking can change the
 * selection (`selectTools` takes the kept tools first and stops at the budget), so the request
 * skips it: no keyword search, no embedding request for the query, on every round after the first.
 * (A run's first request always ranks: `continuedOrder` adds ranked tools past the budget.)
 */
function keepFillsBudget(shared: RunShared, keep: ReadonlySet<string>, budget: number): boolean {
  let kept = 0;
  for (const tool of shared.tools) if (keep.has(tool.info.toolId)) kept += 1;
  return kept >= budget;
}

/** The ranking of a request whose selection is fixed already: none, by the ranker the run uses. */
function unranked(shared: RunShared, state: RunSelectionState): Ranking {
  return { ranker: configuredRanker(shared, state), ids: [], fallback: null };
}

function rankForRequest(shared: RunShared, state: RunSelectionState, scope: LoopScope): Promise<Ranking> {
  return rank(shared, state, selectionQuery(scope.goal, [...scope.earlier, scope.current, ...scope.messages]));
}

/**
 * A run's first request, when the conversation's previous run offered tools: that list (still
 * enabled) in its order, with the tools to keep and this turn's best few ranked tools appended, so
 * the next turn reuses the server's cache too. Null (select afresh, one turn evaluated in full)
 * when there is no such list or it would pass the budget by more than `stickyExtraTools`.
 */
function continuedOrder(
  selectable: readonly string[],
  offeredBefore: readonly string[] | undefined,
  keep: ReadonlySet<string>,
  ranked: readonly string[],
  budget: number,
): string[] | null {
  const enabled = new Set(selectable);
  const before = (offeredBefore ?? []).filter((id) => enabled.has(id));
  if (before.length === 0) return null;
  const wanted = [...keep, ...ranked.slice(0, DEFAULTS.toolSelection.newTurnRankedTools)].filter((id) => enabled.has(id));
  const merged = stableToolOrder(before, wanted);
  return merged.length <= budget + DEFAULTS.toolSelection.stickyExtraTools ? merged : null;
}

/** One line per tool for find_tools' answer. */
export interface FoundTool {
  tool: string;
  description: string;
}

/**
 * find_tools: the tools matching `query`, best first; they join every later request of this run.
 * Only tools that match are returned (keyword search), or the closest ones (embeddings).
 */
export async function findToolsForRun(shared: RunShared, query: string): Promise<FoundTool[]> {
  const state = stateOf(shared);
  const ranking = await rank(shared, state, query);
  const byId = new Map(shared.tools.map((tool) => [tool.info.toolId, tool]));
  const found = ranking.ids
    .filter(
      (id) =>
        id !== FIND_TOOLS &&
        (id !== LOAD_SKILL || skillsChosen(shared)) &&
        (id !== SEARCH_KNOWLEDGE || knowledgeAdded(shared)) &&
        byId.has(id),
    )
    .slice(0, DEFAULTS.toolSelection.findToolsMaxResults)
    .map((id) => byId.get(id) as RegisteredTool);
  for (const tool of found) state.found.add(tool.info.toolId);
  return found.map((tool) => ({ tool: tool.info.toolId, description: oneLine(tool.info.description) }));
}

async function rank(shared: RunShared, state: RunSelectionState, query: string): Promise<Ranking> {
  const ranking = await rankTools({
    definitions: state.definitions,
    usage: state.usage,
    query,
    provider: shared.input.provider,
    embeddingModel: state.embeddingFailed ? '' : (shared.input.embeddingModel ?? ''),
    cache: sharedEmbeddingCache,
    signal: shared.signal,
  });
  if (ranking.fallback !== null && !shared.signal.aborted) {
    state.embeddingFailed = true;
    emitStatus(
      shared,
      `The embedding model ${shared.input.embeddingModel ?? ''} could not rank the tools (${ranking.fallback}); ranking them by keywords instead.`,
    );
  }
  return ranking;
}

function configuredRanker(shared: RunShared, state: RunSelectionState): RankerKind {
  return shared.input.embeddingModel && shared.input.provider.embed && !state.embeddingFailed ? 'embedding' : 'lexical';
}

function emitOffered(shared: RunShared, offered: readonly RegisteredTool[], total: number, narrowed: boolean, ranker: RankerKind): void {
  shared.emit({ type: 'tools-offered', offered: offered.map((tool) => tool.info.toolId), total, narrowed, ranker });
}

function oneLine(text: string): string {
  const line = text.split('\n')[0]?.trim() ?? '';
  const max = DEFAULTS.toolSelection.findToolsDescriptionChars;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
