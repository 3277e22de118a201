import { BENCH_DEFAULTS } from '../bench-defaults';

/** The parts of the benchmark, in the order they run. */
export const STAGES = [
  'bundle',
  'pipeline',
  'loop',
  'probe',
  'selection',
  'promptcache',
  'peer',
  'browser',
  'rss',
  'firsttoken',
  'concurrent',
  'concurrentpage',
  'renderhostile',
  'soak',
  'coldstart',
  'mcp',
  'gateway',
  'undo',
  'openmain',
  'history',
  'knowledge',
  'skills',
  'stores',
  'retrieval',
  'engine',
] as const;
export type Stage = (typeof STAGES)[number];

export interface BenchArgs {
  json: boolean;
  runs: number;
  stages: Stage[];
}

export type ParsedBenchArgs = { type: 'ok'; args: BenchArgs } | { type: 'help' } | { type: 'error'; message: string };

export const BENCH_USAGE = `Usage: npm run bench -- [--json] [--runs N] [--only ${STAGES.join(',')}]
  --json   print one JSON object with the median of every figure, nothing else on stdout
  --runs   measured runs per figure (default ${BENCH_DEFAULTS.runs})
  --only   run only these parts (comma-separated); the other figures are null`;

function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

/** Reads `npm run bench -- ...` arguments; bad input is an error with words, never a crash. */
export function parseBenchArgs(argv: readonly string[]): ParsedBenchArgs {
  const args: BenchArgs = { json: false, runs: BENCH_DEFAULTS.runs, stages: [...STAGES] };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    switch (arg) {
      case '--json':
        args.json = true;
        break;
      case '--help':
      case '-h':
        return { type: 'help' };
      case '--runs': {
        const value = Number(argv[index + 1]);
        index += 1;
        if (!Number.isInteger(value) || value < 1 || value > 50)
          return { type: 'error', message: '--runs needs a whole number from 1 to 50.' };
        args.runs = value;
        break;
      }
      case '--only': {
        const names = (argv[index + 1] ?? '')
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
        index += 1;
        const unknown = names.filter((name) => !isStage(name));
        if (names.length === 0 || unknown.length > 0)
          return {
            type: 'error',
            message: `--only takes parts from: ${STAGES.join(', ')}${unknown.length > 0 ? ` (not: ${unknown.join(', ')})` : ''}.`,
          };
        args.stages = STAGES.filter((stage) => names.includes(stage));
        break;
      }
      default:
        return { type: 'error', message: `Unknown argument "${arg ?? ''}".` };
    }
  }
  return { type: 'ok', args };
}
