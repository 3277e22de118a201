import { exitCodeForStopReason } from '../../../shared/conversations/stop-reason';
import type { AppServices } from '../../services/app/app-services-types';
import type { CliOutput } from './output/cli-output';

/**
 * Waits for a run to finish and gives the CLI's exit code for its stop reason. The first Ctrl-C
 * stops the run (it finishes as `cancelled`); a second one quits at once.
 */
export async function waitForRunWithInterrupt(
  services: AppServices,
  runId: string,
  output: CliOutput,
  onInterrupt: (handler: () => void) => () => void,
): Promise<0 | 1 | 2> {
  let interrupted = 0;
  const undo = onInterrupt(() => {
    interrupted += 1;
    if (interrupted === 1) {
      output.note('Stopping… (press Ctrl-C again to quit at once)');
      void services.handle('run.cancel', { runId });
    } else {
      process.exit(2);
    }
  });
  try {
    const finish = await services.waitForRun(runId);
    return exitCodeForStopReason(finish.reason);
  } finally {
    undo();
  }
}
