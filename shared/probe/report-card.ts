import { DEFAULTS } from '../constants';
import { parseModelRef } from '../models/model-ref';
import {
  FAILURE_WORDS,
  PROBE_FAILURE_KINDS,
  type ProbeFailureKind,
  type ProbeReport,
  type ProbeSetting,
  type ProbeTaskResult,
} from './probe-report';

/*
 * A report card in words: the CLI prints it, the Models dialog's cards and comparison
 * (compare-table.ts) use its phrases.
 */

/** The model's own name, without the internal server id of its reference (the server is named apart). */
export function reportModelName(report: Pick<ProbeReport, 'model'>): string {
  return parseModelRef(report.model).model;
}

export function percent(value: number): string {
  return `${Math.round(value * 100)} %`;
}

export function failuresText(failures: ProbeReport['failures']): string {
  const parts = PROBE_FAILURE_KINDS.flatMap((kind: ProbeFailureKind) =>
    failures[kind] ? [`${FAILURE_WORDS[kind]} ${failures[kind]}`] : [],
  );
  return parts.length === 0 ? 'none' : parts.join(', ');
}

export function speedText(report: Pick<ProbeReport, 'firstTokenMs' | 'tokensPerSecond'>): string {
  const first = report.firstTokenMs === null ? 'first token —' : `first token ${(report.firstTokenMs / 1000).toFixed(1)} s`;
  const rate = report.tokensPerSecond === null ? '— tokens/s' : `${report.tokensPerSecond.toFixed(1)} tokens/s`;
  return `${first}, ${rate}`;
}

/** The constrained format's effect in words: "Read, then write: 3/3 with the server's grammar, 0/3 without". */
export function formatsText(report: Pick<ProbeReport, 'formats'>): string {
  const formats = report.formats;
  if (!formats) return '—';
  const { constrained, unconstrained } = formats;
  return `${formats.title}: ${constrained.passes}/${constrained.tries} with the server's grammar, ${unconstrained.passes}/${unconstrained.tries} without`;
}

/** How many tasks passed all their tries ("every time", pass^k), some of them, or none. */
export function taskTally(tasks: readonly ProbeTaskResult[]): { everyTime: number; sometimes: number; never: number; total: number } {
  const everyTime = tasks.filter((task) => task.runs > 0 && task.passes === task.runs).length;
  const never = tasks.filter((task) => task.passes === 0).length;
  return { everyTime, sometimes: tasks.length - everyTime - never, never, total: tasks.length };
}

/** "7 of 8 tasks every time", "all 8 tasks every time". */
export function everyTimeText(tasks: readonly ProbeTaskResult[]): string {
  const { everyTime, total } = taskTally(tasks);
  if (total > 0 && everyTime === total) return `all ${total} tasks every time`;
  return `${everyTime} of ${total} task${total === 1 ? '' : 's'} every time`;
}

/** The card's first line: "Good at tools: 7 of 8 tasks every time". */
export function verdictText(report: Pick<ProbeReport, 'tasks' | 'tuned'>): string {
  const { everyTime, total } = taskTally(report.tasks);
  const tally = everyTimeText(report.tasks);
  if (total === 0) return 'Not checked: no task ran';
  if (!report.tuned.usesTools) return `Does not use tools: ${tally}`;
  const share = everyTime / total;
  const { good, fair } = DEFAULTS.modelCheck.verdictShares;
  if (everyTime === total) return `Reliable with tools: ${tally}`;
  if (share >= good) return `Good at tools: ${tally}`;
  if (share >= fair) return `Fair at tools: ${tally}`;
  return `Unreliable with tools: ${tally}`;
}

/** pass^k and pass^1 in words, for the card's explanation. */
export function passKText(report: Pick<ProbeReport, 'tasks' | 'runs' | 'passAt1' | 'passK'>): string {
  const { everyTime, sometimes, total } = taskTally(report.tasks);
  const tries = report.runs === 1 ? 'Each task was tried once' : `Each task was tried ${report.runs} times`;
  const sometimesText = sometimes > 0 ? ` ${sometimes} more passed some of their tries.` : '';
  return (
    `${tries}; a task counts as passed only when every try passed: ${everyTime} of ${total} did ` +
    `(pass^${report.runs}, ${percent(report.passK)}).${sometimesText} Of all tries, ${percent(report.passAt1)} passed (pass^1).`
  );
}

/** "prompt format, 8 tools, thinking off". */
export function settingText(setting: ProbeSetting): string {
  return `${setting.toolMode === 'prompt' ? 'prompt format' : 'native tool calls'}, ${setting.toolBudget} tools, thinking ${setting.think ? 'on' : 'off'}`;
}

/** The proposal in one line: the change and its figures before and after, or null when nothing is proposed. */
export function proposalText(report: Pick<ProbeReport, 'tasks' | 'baseline' | 'tuned' | 'proposal'>): string | null {
  if (!report.proposal) return null;
  return (
    `Proposed: ${settingText(report.tuned)} (now ${settingText(report.baseline)}): ` +
    `${everyTimeText(report.tasks)} before, ${everyTimeText(report.proposal.after.tasks)} after`
  );
}

/** The card as plain lines (the CLI without --json). */
export function reportCardText(report: ProbeReport): string {
  const proposal = proposalText(report);
  const lines = [
    verdictText(report),
    `${reportModelName(report)} on ${report.server}: pass^1 ${percent(report.passAt1)}, pass^${report.runs} ${percent(report.passK)} (${report.tasks.length} tasks × ${report.runs} tries)`,
    `  ${speedText(report)}, median tool rounds ${report.medianToolRounds ?? '—'}`,
    `  failures: ${failuresText(report.failures)}`,
    ...report.tasks.map(
      (task) =>
        `  ${task.passK === 1 ? '✓' : '✗'} ${task.title.padEnd(32)} ${task.passes}/${task.runs}${Object.keys(task.failures).length > 0 ? `  (${failuresText(task.failures)})` : ''}`,
    ),
    ...(report.formats ? [`  prompt format: ${formatsText(report)}`] : []),
    proposal === null ? '  Its current settings did best: nothing to change.' : `  ${proposal}`,
  ];
  return lines.join('\n');
}
