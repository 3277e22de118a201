import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes a valid skill folder `root/name` with a SKILL.md and the given extra files; returns its path. */
export function writeSkill(
  root: string,
  name: string,
  extra: Record<string, string> = {},
  description = `Does ${name} things.`,
  body = `# ${name}\n\nStep one.`,
): string {
  const folder = join(root, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`);
  for (const [path, text] of Object.entries(extra)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}
