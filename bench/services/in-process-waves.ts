/**
 * `npx tsx bench/services/in-process-waves.ts [waves]`: main's CPU per conversation in waves of
 * eight, with the services in this process (services-harness.ts; the fake server in its own). A
 * wave counts from its start to 1.5 s after its last run finished, so its titles count too; three
 * untimed waves come first. Steadier than `concurrent_8_ratio`'s wall times, which three processes
 * on two cores spread widely: run it turn about on two trees to compare them. Not a figure of
 * `npm run bench`.
 */
import { BENCH_DEFAULTS } from '../bench-defaults';
import { startServicesHarness } from './services-harness';

const SETTLE_MS = 1500;
const WARMUP_WAVES = 3;

const waves = Number(process.argv[2] ?? 12);
const harness = await startServicesHarness('concurrent-tasks', (event, services) => {
  if (event.type === 'question') void services.handle('question.answer', { questionId: event.questionId, answer: 'go on' });
});
let wave = 0;
const runWave = async (): Promise<void> => {
  wave += 1;
  const count = BENCH_DEFAULTS.concurrentConversations;
  const ids = await Promise.all(
    Array.from({ length: count }, (_, index) => harness.send(`calculate task ${wave * 100 + index + 1}`, BENCH_DEFAULTS.concurrentModel)),
  );
  await Promise.all(ids.map((id) => harness.until(id, (marks) => marks.finishedAt !== null)));
  await new Promise((settled) => setTimeout(settled, SETTLE_MS));
};
try {
  for (let index = 0; index < WARMUP_WAVES; index += 1) await runWave();
  let micros = 0;
  for (let index = 0; index < waves; index += 1) {
    const before = process.cpuUsage();
    await runWave();
    const spent = process.cpuUsage(before);
    micros += spent.user + spent.system;
  }
  console.log(
    `CPU per conversation: ${(micros / 1000 / waves / BENCH_DEFAULTS.concurrentConversations).toFixed(2)} ms over ${waves} waves`,
  );
} finally {
  await harness.close();
}
