import { z } from 'zod';
import type { ProbeReport } from './probe-report';

/** Where a check is: tries done of those planned (tuning adds some), and the time left at its pace so far. */
export interface ModelCheckProgress {
  checkId: string;
  model: string;
  done: number;
  total: number;
  /** Milliseconds left; null before the first try has a pace. */
  etaMs: number | null;
  phase: 'check' | 'tuning';
  taskId: string;
}

export interface ModelCheckList {
  /** The latest report card per model reference, newest first. */
  reports: ProbeReport[];
  running: ModelCheckProgress | null;
}

/**
 * The settings a check chose for a model (per model reference, so per server), kept in settings
 * (`modelTuning`) and used by every later run on that model unless the conversation's options say
 * otherwise.
 */
export const modelTuningSchema = z
  .object({
    toolMode: z.enum(['native', 'prompt']),
    toolBudget: z.number().int().min(0).max(1000),
    think: z.boolean(),
    usesTools: z.boolean(),
    summary: z.string().max(200),
    checkedAt: z.number().int().nonnegative(),
  })
  .strict();
export type ModelTuning = z.infer<typeof modelTuningSchema>;

export const modelTuningsSchema = z
  .record(z.string().min(1).max(300), modelTuningSchema)
  .refine((value) => Object.keys(value).length <= 500, 'must hold at most 500 models');
