import type { CallHandlers } from '../app/call-router';
import { boundedDiff } from '../../../tools/files/bounded-diff';

/**
 * `artifacts.diff`: two versions of an artifact (code blocks the model wrote, sent by the window)
 * compared by the app's one bounded diff, the same as write_file's approval card and the documents
 * compare. Both sides are model text: only diffed, never run or stored.
 */
export function artifactHandlers(): Pick<CallHandlers, 'artifacts.diff'> {
  return {
    'artifacts.diff': async ({ name, before, after }) => ({ diff: boundedDiff(name, before, after) }),
  };
}
