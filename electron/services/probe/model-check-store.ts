import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ProbeAttempt, ProbeReport, TuningDecision } from '../../../shared/probe/probe-report';
import { writeFileAtomic } from '../store/files/atomic-write';

/** What a check left behind: the latest report per model, and the tries of a check cancelled before its end. */
interface StoredChecks {
  reports: Record<string, ProbeReport>;
  progress: Record<string, { runs: number; attempts: Record<string, ProbeAttempt> }>;
}

const storedSchema = z.object({ reports: z.record(z.string(), z.unknown()), progress: z.record(z.string(), z.unknown()) });

export interface ModelCheckStore {
  reports(): Promise<ProbeReport[]>;
  /** The tries a cancelled check of this model with this many runs left; empty when none (or another `runs`). */
  progress(model: string, runs: number): Promise<Record<string, ProbeAttempt>>;
  saveAttempt(model: string, runs: number, key: string, attempt: ProbeAttempt): Promise<void>;
  /** The finished report replaces the model's last one and its partial tries. */
  saveReport(report: ProbeReport): Promise<void>;
  /** The model's last report, or null. */
  report(model: string): Promise<ProbeReport | null>;
  /** Records the user's answer to the model's proposal; resolves with the report as stored. */
  decide(model: string, decision: Exclude<TuningDecision, 'pending'>): Promise<ProbeReport | null>;
}

/**
 * The data folder's `model-checks.json` (0600, replaced whole). A file that cannot be read counts as
 * empty for reading and is moved aside by nothing: the next save writes a fresh one.
 */
export function createModelCheckStore(dataDir: string): ModelCheckStore {
  const file = path.join(dataDir, 'model-checks.json');
  let queue: Promise<unknown> = Promise.resolve();
  const read = async (): Promise<StoredChecks> => {
    try {
      const parsed = storedSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
      if (parsed.success) return parsed.data as StoredChecks;
    } catch {
      // Missing or unreadable: nothing checked yet.
    }
    return { reports: {}, progress: {} };
  };
  const update = (change: (stored: StoredChecks) => void): Promise<void> => {
    const next = queue.then(async () => {
      const stored = await read();
      change(stored);
      await writeFileAtomic(file, `${JSON.stringify(stored)}\n`);
    });
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    async reports() {
      await queue;
      return Object.values((await read()).reports).sort((a, b) => b.finishedAt - a.finishedAt);
    },
    async progress(model, runs) {
      await queue;
      const entry = (await read()).progress[model];
      return entry && entry.runs === runs ? entry.attempts : {};
    },
    saveAttempt: (model, runs, key, attempt) =>
      update((stored) => {
        const entry = stored.progress[model];
        const attempts = entry && entry.runs === runs ? entry.attempts : {};
        stored.progress[model] = { runs, attempts: { ...attempts, [key]: attempt } };
      }),
    saveReport: (report) =>
      update((stored) => {
        stored.reports[report.model] = report;
        delete stored.progress[report.model];
      }),
    async report(model) {
      await queue;
      return (await read()).reports[model] ?? null;
    },
    async decide(model, decision) {
      let decided: ProbeReport | null = null;
      await update((stored) => {
        const report = stored.reports[model];
        if (!report?.proposal) return;
        decided = { ...report, proposal: { ...report.proposal, decision } };
        stored.reports[model] = decided;
      });
      return decided;
    },
  };
}
