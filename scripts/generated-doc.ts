import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a generated document, or with `--check` only compares it: 1 and a message naming the
 * command to run when the committed file is out of date.
 */
export async function writeOrCheckDoc(target: string, markdown: string, command: string): Promise<0 | 1> {
  if (process.argv.includes('--check')) {
    const current = await readFile(target, 'utf8').catch(() => '');
    if (current === markdown) return 0;
    process.stderr.write(`${path.basename(target)} is out of date. Run \`${command}\` and commit the result.\n`);
    return 1;
  }
  await writeFile(target, markdown, 'utf8');
  process.stdout.write(`Wrote ${path.relative(process.cwd(), target) || target}.\n`);
  return 0;
}
