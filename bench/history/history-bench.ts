import { mkdirSync, mkdtempSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebHost, OUT_DIR } from '../../scripts/build/build-web-host';
import { createAppServices } from '../../electron/services/app/app-services';
import { writeConversations } from '../bench-data';
import { BENCH_DEFAULTS } from '../bench-defaults';
import type { BenchLog, Samples } from '../report/bench-figures';
import { startFakeOllamaProcess, startScript } from '../runner/bench-processes';
import { firstGoesFirst, interleave, median, percentile } from '../report/bench-stats';
import { launchChromium } from '../browser/browser-bench';
import { bundledHost, coldStart } from '../browser/cold-start-bench';
import { describeHistory, historyShape, seeded, writeHistory, type GeneratedHistory } from './history-data';

export interface HistoryBenchOptions extends BenchLog {
  staticDir: string;
}

type OpenMainVariant = 'long' | 'short' | 'branchedLong' | 'branchedShort';

/**
 * open_main_ratio: main's time to answer a paged `conversation.get` (what opening a conversation
 * asks) for a 5,000-message conversation over a 50-message one; open_main_branched_ratio, the
 * same for conversations a user edited (bench-data.ts branchedConversationEvents). The app
 * services run in this process, started anew for each run on the same folder (so each run begins
 * with main's state as after a start); the calls alternate long, short, branched long, branched short.
 */
export async function runOpenMainBench(options: BenchLog): Promise<Samples> {
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-bench-open-main-'));
  try {
    const long = BENCH_DEFAULTS.openMainLongMessages;
    const short = BENCH_DEFAULTS.openMainShortMessages;
    const made = await writeConversations(dataDir, [
      { title: 'Long conversation', messages: long },
      { title: 'Short conversation', messages: short },
      { title: 'Long edited conversation', messages: long, branched: true },
      { title: 'Short edited conversation', messages: short, branched: true },
    ]);
    const ids: Record<OpenMainVariant, string | undefined> = {
      long: made[0]?.conversationId,
      short: made[1]?.conversationId,
      branchedLong: made[2]?.conversationId,
      branchedShort: made[3]?.conversationId,
    };
    const samples: Required<Pick<Samples, 'open_main_ratio' | 'open_main_branched_ratio'>> = {
      open_main_ratio: [],
      open_main_branched_ratio: [],
    };
    for (let run = 0; run < options.runs; run += 1) {
      const services = await createAppServices({ dataDir, ollamaHost: 'http://127.0.0.1:9', openExternal: async () => undefined });
      try {
        const times: Record<OpenMainVariant, number[]> = { long: [], short: [], branchedLong: [], branchedShort: [] };
        const get = async (which: OpenMainVariant): Promise<void> => {
          const conversationId = ids[which];
          if (!conversationId) throw new Error('the conversations were not written');
          const at = performance.now();
          const envelope = (await services.handle('conversation.get', { conversationId, page: {} })) as { ok: boolean };
          times[which].push(performance.now() - at);
          if (!envelope.ok) throw new Error('conversation.get failed');
        };
        await get('short');
        times.short.length = 0;
        const variants = ['long', 'short', 'branchedLong', 'branchedShort'] as const;
        for (const which of interleave(variants, BENCH_DEFAULTS.openMainCallsPerRun)) await get(which);
        const ratio = median(times.long) / median(times.short);
        const branchedRatio = median(times.branchedLong) / median(times.branchedShort);
        samples.open_main_ratio.push(ratio);
        samples.open_main_branched_ratio.push(branchedRatio);
        const ms = (which: OpenMainVariant): string => `${median(times[which]).toFixed(2)} ms`;
        options.log(
          `  conversation.get (page): ${long} messages ${ms('long')}, ${short} messages ${ms('short')} (${ratio.toFixed(2)} ×); edited: ${long} messages ${ms('branchedLong')}, ${short} messages ${ms('branchedShort')} (${branchedRatio.toFixed(2)} ×)`,
        );
      } finally {
        await services.dispose();
      }
    }
    return samples;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

interface MainFigures {
  readyMs: number;
  rssMb: number;
  conversations: number;
}
interface SearchFigures {
  searchWarmMs: number;
  search: number[];
  documentsWarmMs: number;
  documents: number[];
}

/** Main's services in a child process over `dataDir` (bench/history/history-main.ts): its RSS, and search times when given queries. */
async function measureMain(dataDir: string, queriesFile?: string): Promise<{ main: MainFigures; search: SearchFigures | null }> {
  const ready = queriesFile ? /"documents":\[[^\]]*\]\}\n/ : /"rssMb"[^\n]*\n/;
  const child = await startScript('bench/history/history-main.ts', queriesFile ? [dataDir, queriesFile] : [dataDir], ready, [], 600_000);
  try {
    const lines = child
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    const main = JSON.parse(lines[0] ?? '{}') as MainFigures;
    const search = lines[1] ? (JSON.parse(lines[1]) as SearchFigures) : null;
    return { main, search };
  } finally {
    await child.stop();
  }
}

/** Queries as a user types them: one or two words of the history's language, some cut short (prefixes). */
function queries(history: GeneratedHistory, count: number): string[] {
  const next = seeded(7);
  const common = history.vocabulary.slice(0, 2000);
  const word = (): string => {
    const chosen = common[Math.floor(next() * next() * common.length)] ?? 'ka';
    return next() < 0.3 ? chosen.slice(0, Math.max(3, chosen.length - 2)) : chosen;
  };
  return Array.from({ length: count + 1 }, () => (next() < 0.5 ? word() : `${word()} ${word()}`));
}

/** The two data folders a history figure compares. */
type Folder = 'empty' | 'history';

/**
 * The history figures, each against the same on an empty data folder in the same run:
 * history_cold_start_ratio (Chromium, the bundled web host), history_rss_ratio, and the search
 * p95s (main's services in a child process). The history is generated once (historyShape()).
 */
export async function runHistoryBench(options: HistoryBenchOptions): Promise<Samples> {
  const historyDir = await mkdtemp(join(tmpdir(), 'taco-bench-history-'));
  const emptyDir = await mkdtemp(join(tmpdir(), 'taco-bench-history-empty-'));
  mkdirSync(OUT_DIR, { recursive: true });
  const bundleDir = mkdtempSync(join(OUT_DIR, 'bench-web-'));
  try {
    const generating = performance.now();
    const history = await writeHistory(historyDir, historyShape());
    options.log(`  generated in ${((performance.now() - generating) / 1000).toFixed(0)} s: ${describeHistory(history)}`);
    const queriesFile = join(historyDir, 'bench-queries.json');
    await writeFile(
      queriesFile,
      JSON.stringify({
        queries: queries(history, BENCH_DEFAULTS.historyQueries),
        workspaceConversationId: history.workspaceConversationId,
      }),
    );

    const samples: Required<
      Pick<Samples, 'history_rss_ratio' | 'history_search_p95_ms' | 'history_documents_search_p95_ms' | 'history_cold_start_ratio'>
    > = {
      history_rss_ratio: [],
      history_search_p95_ms: [],
      history_documents_search_p95_ms: [],
      history_cold_start_ratio: [],
    };
    // The first start over the history reads what the generator left (e.g. refreshes a stale search index): not measured.
    await measureMain(historyDir);
    for (let run = 0; run < options.runs; run += 1) {
      const empty = await measureMain(emptyDir);
      const full = await measureMain(historyDir, queriesFile);
      samples.history_rss_ratio.push(full.main.rssMb / empty.main.rssMb);
      const search = full.search;
      if (!search) throw new Error('the history process printed no search times');
      samples.history_search_p95_ms.push(percentile(search.search, 95));
      samples.history_documents_search_p95_ms.push(percentile(search.documents, 95));
      options.log(
        `  main: empty ${empty.main.rssMb.toFixed(1)} MB (ready ${empty.main.readyMs.toFixed(0)} ms), history ${full.main.rssMb.toFixed(1)} MB (ready ${full.main.readyMs.toFixed(0)} ms, ${full.main.conversations} listed); conversations.search p95 ${percentile(search.search, 95).toFixed(1)} ms (first ${search.searchWarmMs.toFixed(0)} ms), search_documents p95 ${percentile(search.documents, 95).toFixed(1)} ms (first ${search.documentsWarmMs.toFixed(0)} ms)`,
      );
    }

    const fake = await startFakeOllamaProcess('basic-chat');
    const browser = await launchChromium();
    try {
      const host = bundledHost(await buildWebHost(bundleDir), options.staticDir, fake.url);
      await coldStart(browser, host, historyDir);
      for (let run = 0; run < options.runs; run += 1) {
        const usable: Record<Folder, number[]> = { empty: [], history: [] };
        const painted: Record<Folder, number[]> = { empty: [], history: [] };
        for (let pair = 0; pair < BENCH_DEFAULTS.historyColdStartPairs; pair += 1) {
          for (const which of firstGoesFirst(run, pair) ? (['empty', 'history'] as const) : (['history', 'empty'] as const)) {
            const dir = which === 'empty' ? await mkdtemp(join(tmpdir(), 'taco-bench-cold-')) : historyDir;
            try {
              // Usable: painted, and the sidebar showing the list read (a conversation of the
              // history; "No conversations yet" for the empty folder).
              const start = await coldStart(browser, host, dir, which === 'history' ? 1 : 0);
              usable[which].push(start.usableMs);
              painted[which].push(start.paintMs);
            } finally {
              if (which === 'empty') await rm(dir, { recursive: true, force: true });
            }
          }
        }
        const ratio = median(usable.history) / median(usable.empty);
        samples.history_cold_start_ratio.push(ratio);
        const spread = (values: number[]): string => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
        options.log(
          `  cold start to a usable window (median of ${BENCH_DEFAULTS.historyColdStartPairs}): empty ${median(usable.empty).toFixed(0)} ms (${spread(usable.empty)}; painted ${median(painted.empty).toFixed(0)}), history ${median(usable.history).toFixed(0)} ms (${spread(usable.history)}; painted ${median(painted.history).toFixed(0)}): ${ratio.toFixed(2)} ×, ${(median(usable.history) / median(painted.empty)).toFixed(2)} × over the empty window's first paint`,
        );
      }
    } finally {
      await browser.close();
      await fake.process.stop();
    }
    return samples;
  } finally {
    await rm(historyDir, { recursive: true, force: true });
    await rm(emptyDir, { recursive: true, force: true });
    await rm(bundleDir, { recursive: true, force: true });
  }
}
