import { z } from 'zod';

/*
 * One task of the model check ("Check this model"): data, like a workflow. The files are written
 * into a fresh scratch folder, the prompt is sent through the real agent loop, and the check is
 * read from the run's events and the folder afterwards (electron/services/probe/judge-attempt.ts).
 */

const relativePath = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^(?!\/)(?!.*(^|\/)\.\.(\/|$))[\w.\- /]+$/, 'must be a plain relative path inside the scratch folder');

/** A file's content: text, or a generated log of `lines` lines (`{n}` is the line number) with some lines replaced. */
export const probeFileSchema = z.union([
  z.string().max(100_000),
  z
    .object({
      lines: z.number().int().min(1).max(20_000),
      line: z.string().max(500),
      at: z.record(z.string().regex(/^\d+$/), z.string().max(500)).default({}),
    })
    .strict(),
]);
export type ProbeFile = z.infer<typeof probeFileSchema>;

/** What a passing try shows. Every field given must hold. */
export const probeCheckSchema = z
  .object({
    /** Each text appears in the final answer (case and spacing ignored). */
    answerIncludes: z.array(z.string().min(1).max(200)).max(10).optional(),
    /** Each file exists in the scratch folder afterwards with this content (surrounding whitespace ignored). */
    fileEquals: z.record(relativePath, z.string().max(10_000)).optional(),
    /** Each tool was called and returned a result. */
    toolsUsed: z.array(z.string().min(1).max(100)).max(5).optional(),
    /** No tool may be called at all (small talk). */
    noTools: z.boolean().optional(),
  })
  .strict();
export type ProbeCheck = z.infer<typeof probeCheckSchema>;

export const probeTaskSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9_]*$/),
    title: z.string().min(1).max(80),
    /** What it measures, in one sentence (the report card shows it). */
    measures: z.string().min(1).max(200),
    prompt: z.string().min(1).max(2_000),
    files: z.record(relativePath, probeFileSchema).default({}),
    /** Offer the probe's inert distractor tools too (30+ everyday tools from other apps) beside the user's own. */
    distractors: z.boolean().default(false),
    /** Also run in the prompt-based format with the server's grammar and without, to show the grammar's effect. */
    compareFormats: z.boolean().default(false),
    check: probeCheckSchema,
  })
  .strict();
export type ProbeTask = z.infer<typeof probeTaskSchema>;

/** The text of a file as it is written into the scratch folder. */
export function probeFileText(file: ProbeFile): string {
  if (typeof file === 'string') return file;
  const lines: string[] = [];
  for (let n = 1; n <= file.lines; n += 1) lines.push(file.at[String(n)] ?? file.line.replaceAll('{n}', String(n)));
  return `${lines.join('\n')}\n`;
}

/** Whether the task needs the model to call a tool (every task but small talk). */
export function needsTools(task: ProbeTask): boolean {
  return (task.check.toolsUsed?.length ?? 0) > 0 || task.check.fileEquals !== undefined;
}
