import type { BenchLog, Samples } from '../report/bench-figures';
import { recordAgentRun, recordConversation } from './cache-scripts';
import { sideRequestDelay } from './side-request-bench';
import { meanShare, numCtxChanges, prefixReuse } from './prefix-figures';

/**
 * prefix_reuse_ratio, prefix_reuse_ratio_turns, num_ctx_changes: the scripted run and conversation
 * of cache-scripts.ts through the app services, the prompts compared as the server renders them
 * (deterministic, so one pass); side_request_delay_ms per run (side-request-bench.ts).
 */
export async function runPromptCacheBench(options: BenchLog): Promise<Samples> {
  const run = prefixReuse(await recordAgentRun());
  const sent = await recordConversation();
  const conversation = prefixReuse(sent);
  const withinRun = meanShare(run, true);
  const acrossTurns = meanShare(conversation, false);
  options.log(
    `  prefix reuse: run steps ${withinRun.toFixed(3)} (lowest ${lowest(run, true)}), conversation steps ${meanShare(conversation, true).toFixed(3)}, turns ${acrossTurns.toFixed(3)} (lowest ${lowest(conversation, false)})`,
  );
  // The conversation's num_ctx is set after its first turn (conversation.setOptions needs the conversation).
  const delays: number[] = [];
  for (let index = 0; index < options.runs; index += 1) delays.push(await sideRequestDelay(options.log));
  return {
    prefix_reuse_ratio: [withinRun],
    prefix_reuse_ratio_turns: [acrossTurns],
    num_ctx_changes: [numCtxChanges(sent, 1)],
    side_request_delay_ms: delays,
  };
}

function lowest(reuse: ReturnType<typeof prefixReuse>, sameTurn: boolean): string {
  const shares = reuse.filter((entry) => entry.sameTurn === sameTurn).map((entry) => entry.share);
  return shares.length === 0 ? '–' : Math.min(...shares).toFixed(2);
}
