import type { ModelEvent } from '../../../../shared/contract/events';
import { reportCardText } from '../../../../shared/probe/report-card';
import type { AppServices } from '../../../services/app/app-services-types';
import type { CliOutput, TextSink } from '../output/cli-output';
import { terminalSafe } from '../output/terminal-safe';

/**
 * `--probe MODEL`: runs the model check through the app services and prints its report card; with
 * --json, every progress event as a line and, last, the report as one `probe-report` line. Ctrl-C
 * cancels (the tries done are kept: the next --probe of the model resumes). The tuned settings are
 * a proposal: --apply accepts it, else it waits for the Models dialog.
 */
export async function runProbeCli(
  services: AppServices,
  request: { model: string; runs: number; apply: boolean; json: boolean },
  io: { stdout: TextSink; stderr: TextSink; onInterrupt(handler: () => void): () => void },
  output: CliOutput,
): Promise<0 | 1 | 2> {
  let settle: (event: Extract<ModelEvent, { type: 'model-check-finished' }>) => void = () => undefined;
  const finished = new Promise<Extract<ModelEvent, { type: 'model-check-finished' }>>((resolve) => (settle = resolve));
  let checkId: string | null = null;
  const early: Array<Extract<ModelEvent, { type: 'model-check-finished' }>> = [];
  const unsubscribe = services.subscribeModelEvents((batch) => {
    for (const event of batch) {
      if (event.type === 'model-check-progress') {
        if (request.json) io.stdout.write(`${JSON.stringify(event)}\n`);
        else
          io.stderr.write(
            `\r${event.progress.phase === 'tuning' ? 'Tuning' : 'Checking'}: ${event.progress.done}/${event.progress.total} tries`,
          );
      } else if (event.type === 'model-check-finished') {
        if (checkId === null) early.push(event);
        else if (event.checkId === checkId) settle(event);
      }
    }
  });
  // Ctrl-C before start has answered (the model may still be loading) is kept and sent as soon as the check has an id.
  let interrupted = false;
  const undo = io.onInterrupt(() => {
    interrupted = true;
    if (checkId !== null) void services.handle('modelCheck.cancel', { checkId });
  });
  try {
    const started = await services.handle('modelCheck.start', { model: request.model, runs: request.runs });
    if (!started.ok) {
      output.note(started.error.message);
      return 1;
    }
    const value = started.value as { checkId: string; resumed: number };
    checkId = value.checkId;
    if (interrupted) void services.handle('modelCheck.cancel', { checkId });
    if (value.resumed > 0) output.note(`Resuming: ${value.resumed} tries were kept from a check that was stopped.`);
    const already = early.find((event) => event.checkId === checkId);
    if (already) settle(already);
    const end = await finished;
    if (!request.json) io.stderr.write('\n');
    if (end.report) {
      let report = end.report;
      if (report.proposal && request.apply) {
        const decided = await services.handle('modelCheck.decideTuning', { model: report.model, accept: true });
        if (!decided.ok) {
          output.note(decided.error.message);
          return 1;
        }
        report = decided.value as typeof report;
      } else if (report.proposal && !request.json) {
        output.note('The proposed settings are not applied: accept them in the Models dialog, or check again with --apply.');
      }
      io.stdout.write(request.json ? `${JSON.stringify(report)}\n` : `${terminalSafe(reportCardText(report))}\n`);
      return 0;
    }
    output.note(end.cancelled ? 'The check was cancelled; run it again to resume.' : (end.error ?? 'The check stopped.'));
    return end.cancelled ? 2 : 1;
  } finally {
    undo();
    unsubscribe();
  }
}
