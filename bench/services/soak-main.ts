/**
 * The soak in a process of its own (`node --expose-gc --import tsx bench/services/soak-main.ts RUNS BASELINE`):
 * the app services run tool-using conversations one after another; RSS is read after a full GC
 * at the baseline run and at the end, and printed as one JSON line.
 */
import { startServicesHarness } from './services-harness';

const runs = Number(process.argv[2] ?? 300);
const baselineRuns = Number(process.argv[3] ?? 20);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const rssMb = (): number => {
  gc();
  gc();
  return process.memoryUsage().rss / (1024 * 1024);
};

const harness = await startServicesHarness('concurrent-tasks', (event, services) => {
  if (event.type === 'question') void services.handle('question.answer', { questionId: event.questionId, answer: 'go on' });
});
let baseline = 0;
for (let run = 1; run <= runs; run += 1) {
  const conversationId = await harness.send(`calculate task ${run}`, 'qwen3:4b');
  const marks = await harness.until(conversationId, (m) => m.finishedAt !== null);
  harness.forget(conversationId);
  if (marks.finishReason !== 'complete') throw new Error(`run ${run} ended with ${marks.finishReason ?? 'nothing'}`);
  if (run === baselineRuns) baseline = rssMb();
  if (run % 50 === 0) process.stderr.write(`  ${run} runs: RSS ${rssMb().toFixed(1)} MB\n`);
}
const after = rssMb();
await harness.close();
process.stdout.write(`${JSON.stringify({ baseline, after })}\n`);
process.exit(0);
