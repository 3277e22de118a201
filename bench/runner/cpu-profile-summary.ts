/**
 * `npx tsx bench/runner/cpu-profile-summary.ts <file.cpuprofile> [skip-fraction] [rows]`: the top self-time
 * frames of a `node --cpu-prof` profile and the self time per file, over the samples after the
 * first `skip-fraction` (default 0.3: start-up and warm-up left out): how to read where main's CPU goes.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const shortUrl = (url: string): string =>
  url.replace(/^.*\/(node_modules\/)/, '$1').replace(/^file:\/\/.*?\/(electron|bench|shared|tools)\//, '$1/');

function summarise(
  profile: CpuProfile,
  skipFraction: number,
): { total: number; byFrame: Map<string, number>; byFile: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFrame = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  for (let index = Math.floor(profile.samples.length * skipFraction); index < profile.samples.length; index += 1) {
    const node = nodes.get(profile.samples[index] ?? -1);
    const micros = profile.timeDeltas[index] ?? 0;
    if (!node) continue;
    total += micros;
    const { functionName, url, lineNumber } = node.callFrame;
    const frame = `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}`;
    const file = shortUrl(url) || functionName;
    byFrame.set(frame, (byFrame.get(frame) ?? 0) + micros);
    byFile.set(file, (byFile.get(file) ?? 0) + micros);
  }
  return { total, byFrame, byFile };
}

function table(title: string, entries: Map<string, number>, total: number, rows: number): string {
  const lines = [...entries]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([name, micros]) => `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(1).padStart(8)} ms  ${name}`);
  return [`== ${title} (${(total / 1000).toFixed(0)} ms sampled)`, ...lines, ''].join('\n');
}

const [file, skip = '0.3', rows = '30'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: npx tsx bench/runner/cpu-profile-summary.ts <file.cpuprofile> [skip-fraction] [rows]\n');
  process.exit(2);
}
const summary = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(skip));
process.stdout.write(table('self time by frame', summary.byFrame, summary.total, Number(rows)));
process.stdout.write(table('self time by file', summary.byFile, summary.total, Number(rows)));
