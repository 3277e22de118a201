import { FIGURES, type Failures, type FigureName, type Samples } from './bench-figures';
import { median, roundFigure } from './bench-stats';

/** The median of every figure (null when it could not be measured), in the order of FIGURES. */
export type Medians = Record<FigureName, number | null>;

export function mediansOf(samples: Samples): Medians {
  const out = {} as Medians;
  for (const figure of FIGURES) {
    const value = median(samples[figure.name] ?? []);
    out[figure.name] = Number.isFinite(value) ? roundFigure(value) : null;
  }
  return out;
}

/** `npm run bench -- --json`: exactly one JSON object, every figure a key, medians as values. */
export function jsonReport(samples: Samples): string {
  return JSON.stringify(mediansOf(samples));
}

export type Verdict = 'met' | 'missed' | 'not measured';

export function verdict(value: number | null, budget: number, atLeast = false): Verdict {
  if (value === null) return 'not measured';
  return (atLeast ? value >= budget : value <= budget) ? 'met' : 'missed';
}

/** The human table: figure, median, budget, verdict, and the spread of the runs. */
export function tableReport(samples: Samples, failures: Failures = {}): string {
  const medians = mediansOf(samples);
  const rows: string[][] = [['figure', 'median', 'budget', 'verdict', 'runs (min – max)']];
  for (const figure of FIGURES) {
    const value = medians[figure.name];
    const runs = (samples[figure.name] ?? []).filter((sample) => Number.isFinite(sample));
    const spread =
      runs.length === 0
        ? (failures[figure.name] ?? '—')
        : `${runs.length} (${roundFigure(Math.min(...runs))} – ${roundFigure(Math.max(...runs))})`;
    rows.push([
      figure.name,
      value === null ? '—' : `${value} ${figure.unit}`,
      `${'atLeast' in figure ? '≥' : '≤'} ${figure.budget} ${figure.unit}`.trimEnd(),
      verdict(value, figure.budget, 'atLeast' in figure),
      spread,
    ]);
  }
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]): string =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const [head, ...body] = rows;
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(head ?? []), rule, ...body.map(line)].join('\n');
}
