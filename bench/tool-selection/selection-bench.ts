import { DEFAULTS } from '../../shared/constants';
import { buildSystemPrompt } from '../../electron/services/agent/context/prompt/system-prompt';
import { testTool } from '../../electron/services/agent/testing/test-tools';
import { lexicalIndexFor, usageByTool, type UsageByTool } from '../../electron/services/agent/tool-selection/ranking/lexical-index';
import { toolsTheRequestNames } from '../../electron/services/agent/tool-selection/ranking/named-operations';
import { isCoreTool, selectTools } from '../../electron/services/agent/tool-selection/select-tools';
import type { ToolDefinition } from '../../shared/tools/tool-definition';
import type { RegisteredTool } from '../../tools/catalogue/tool-runtime-types';
import { BENCH_DEFAULTS } from '../bench-defaults';
import type { BenchLog, Samples } from '../report/bench-figures';
import { percentile } from '../report/bench-stats';
import { LABELLED_REQUESTS } from './labelled-requests';
import { selectionCatalogue } from './selection-catalogue';

/** What a run keeps for all its requests: the definitions and ids of its tools. */
interface RunTools {
  definitions: ToolDefinition[];
  usage: UsageByTool;
  all: string[];
}

/** The offered tool ids for one request, as the loop picks them on the first request of a run. */
function offeredFor(run: RunTools, request: string, budget: number): string[] {
  const ranking = lexicalIndexFor(run.definitions, run.usage).rank(request);
  const keep = new Set([...run.all.filter(isCoreTool), ...toolsTheRequestNames(run.all, request)]);
  return selectTools({ all: run.all, budget, ranking, keep }).offered;
}

/** What one request weighs in characters: the system prompt, the tool definitions as JSON, the user's message. */
function promptChars(tools: readonly RegisteredTool[], request: string): number {
  const system = buildSystemPrompt({
    tools,
    mode: 'native',
    workspace: BENCH_DEFAULTS.selectionWorkspace,
    role: 'main',
    toolsOffered: true,
  });
  return system.length + JSON.stringify(tools.map((tool) => tool.definition)).length + request.length;
}

/**
 * tool_selection_recall_at_budget (all labelled requests), tool_selection_recall_held_out (the
 * held-out half only, never tuned on), prompt_tokens_ratio, selection_ms_p95 over the 150-tool
 * catalogue (built-ins + the MCP servers' tools + distractors) and the labelled requests.
 */
export async function runSelectionBench(options: BenchLog): Promise<Samples> {
  const catalogue = await selectionCatalogue(BENCH_DEFAULTS.selectionCatalogueSize);
  const tools: RegisteredTool[] = [
    ...catalogue.builtins,
    ...catalogue.extras.map((spec) => testTool({ id: spec.id, description: spec.description, parameters: spec.parameters })),
  ];
  const budget = DEFAULTS.toolBudget;
  const byId = new Map(tools.map((tool) => [tool.info.toolId, tool]));
  const missingLabels = LABELLED_REQUESTS.filter((entry) => !byId.has(entry.tool));
  if (missingLabels.length > 0)
    throw new Error(`labelled tools not in the catalogue: ${missingLabels.map((entry) => entry.tool).join(', ')}`);

  const buildStart = performance.now();
  const usage = usageByTool(tools);
  lexicalIndexFor(
    tools.map((tool) => tool.definition),
    usage,
  );
  options.log(
    `  ${tools.length} tools, ${LABELLED_REQUESTS.length} labelled requests, budget ${budget}; index built in ${(performance.now() - buildStart).toFixed(1)} ms (once per catalogue version)`,
  );

  const heldOut = LABELLED_REQUESTS.filter((entry) => entry.heldOut);
  const recall: number[] = [];
  const heldOutRecall: number[] = [];
  const ratio: number[] = [];
  const p95: number[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    const runTools: RunTools = { definitions: tools.map((tool) => tool.definition), usage, all: tools.map((tool) => tool.info.toolId) };
    let hits = 0;
    let withSelection = 0;
    let without = 0;
    const misses: string[] = [];
    for (const entry of LABELLED_REQUESTS) {
      const offered = offeredFor(runTools, entry.request, budget);
      if (offered.includes(entry.tool)) hits += 1;
      // Held-out misses are counted, never listed: what is not read cannot be tuned on.
      else if (!entry.heldOut) misses.push(`${entry.tool} for "${entry.request}"`);
      withSelection += promptChars(
        offered.map((id) => byId.get(id) as RegisteredTool),
        entry.request,
      );
      without += promptChars(tools, entry.request);
    }
    const times: number[] = [];
    for (let pass = 0; pass < BENCH_DEFAULTS.selectionTimedPasses; pass += 1) {
      for (const entry of LABELLED_REQUESTS) {
        const start = performance.now();
        offeredFor(runTools, entry.request, budget);
        times.push(performance.now() - start);
      }
    }
    recall.push(hits / LABELLED_REQUESTS.length);
    ratio.push(withSelection / without);
    p95.push(percentile(times, 95));
    const heldOutHits = heldOut.filter((entry) => offeredFor(runTools, entry.request, budget).includes(entry.tool)).length;
    heldOutRecall.push(heldOutHits / heldOut.length);
    if (run === 0) {
      const train = LABELLED_REQUESTS.length - heldOut.length;
      options.log(
        `  split: training half ${hits - heldOutHits} of ${train} found (tuned on), held-out half ${heldOutHits} of ${heldOut.length} (never tuned on)`,
      );
      if (misses.length > 0) options.log(`  missed (training half): ${misses.join('; ')}`);
    }
    if (run === 0)
      options.log(
        `  prompt: ${Math.round(withSelection / LABELLED_REQUESTS.length / DEFAULTS.agent.charsPerToken)} tokens with selection, ${Math.round(without / LABELLED_REQUESTS.length / DEFAULTS.agent.charsPerToken)} without (characters / ${DEFAULTS.agent.charsPerToken}, mean per request)`,
      );
  }
  return {
    tool_selection_recall_at_budget: recall,
    tool_selection_recall_held_out: heldOutRecall,
    prompt_tokens_ratio: ratio,
    selection_ms_p95: p95,
  };
}
