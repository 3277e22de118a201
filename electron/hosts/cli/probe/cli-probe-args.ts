import { DEFAULTS } from '../../../../shared/constants';

/** What `--probe MODEL [--runs K]` asks for; `rest` is every other argument, for parseCliArgs. */
export type ProbeArgs =
  | { type: 'none'; rest: string[] }
  | { type: 'probe'; model: string; runs: number; apply: boolean; rest: string[] }
  | { type: 'error'; message: string };

export const PROBE_USAGE = `Model check:
  --probe MODEL              Check how well MODEL does agent work with your tools (${DEFAULTS.modelCheck.runs} tries of each task in a
                             scratch folder) and propose tuned settings; --json ends with one "probe-report" line
  --apply                    With --probe: accept the proposed settings (else accept them in the Models dialog)
  --runs K                   Tries per task for --probe (1 to ${DEFAULTS.modelCheck.maxRuns}, default ${DEFAULTS.modelCheck.runs})`;

/** Takes `--probe`, `--runs` and `--apply` out of the CLI's arguments (either as the next argument or after `=`). */
export function parseProbeArgs(argv: readonly string[]): ProbeArgs {
  const rest: string[] = [];
  let model: string | null = null;
  let runsText: string | null = null;
  let apply = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--') {
      rest.push(...argv.slice(index));
      break;
    }
    if (arg === '--apply') {
      apply = true;
      continue;
    }
    const at = arg.indexOf('=');
    const name = arg.startsWith('--') && at > 0 ? arg.slice(0, at) : arg;
    if (name !== '--probe' && name !== '--runs') {
      rest.push(arg);
      continue;
    }
    let value = at > 0 && arg.startsWith('--') ? arg.slice(at + 1) : argv[index + 1];
    if (at < 0) index += 1;
    if (value === undefined || value.startsWith('--') || value.trim() === '')
      return {
        type: 'error',
        message: name === '--probe' ? '--probe needs a model name, for example --probe llama3.2' : '--runs needs a number.',
      };
    value = value.trim();
    if (name === '--probe') model = value;
    else runsText = value;
  }
  if (model === null) {
    if (runsText !== null) return { type: 'error', message: '--runs goes with --probe MODEL.' };
    return apply ? { type: 'error', message: '--apply goes with --probe MODEL.' } : { type: 'none', rest };
  }
  const runs = runsText === null ? DEFAULTS.modelCheck.runs : Number(runsText);
  if (!/^\d+$/.test(runsText ?? '1') || runs < 1 || runs > DEFAULTS.modelCheck.maxRuns)
    return { type: 'error', message: `--runs must be a whole number from 1 to ${DEFAULTS.modelCheck.maxRuns} (got "${runsText ?? ''}").` };
  return { type: 'probe', model, runs, apply, rest };
}
