import { parseDocument } from 'yaml';
import { DEFAULTS } from '../../../shared/constants';

/** A SKILL.md read and checked against the Agent Skills specification. */
export interface SkillFile {
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
  /** The Markdown after the front matter: the instructions load_skill hands the model. */
  body: string;
}

export type SkillFileResult = { ok: true; skill: SkillFile } | { ok: false; reason: string };

/** Lowercase letters, digits and single hyphens inside: `pdf-tools`, not `-pdf`, `pdf--tools` or `PDF`. */
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Reads a SKILL.md: YAML front matter between `---` lines, then the instructions. `folderName` is
 * the skill's folder: the specification asks the name to match it.
 */
export function parseSkillFile(text: string, folderName: string): SkillFileResult {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const match = FRONT_MATTER.exec(source);
  if (!match)
    return fail('SKILL.md has no front matter: it must start with a "---" line, the name and description in YAML, and another "---" line.');
  const document = parseDocument(match[1] ?? '', { uniqueKeys: true });
  if (document.errors.length > 0)
    return fail(`SKILL.md's front matter is not valid YAML: ${document.errors[0]?.message.split('\n')[0] ?? ''}`);
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: 0 });
  } catch (error) {
    return fail(`SKILL.md's front matter is not valid YAML: ${(error as Error).message}`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return fail("SKILL.md's front matter must be a set of fields (name, description, …).");
  const fields = data as Record<string, unknown>;
  const name = checkName(fields.name, folderName);
  if (typeof name !== 'string') return name;
  const description = fields.description;
  if (typeof description !== 'string' || description.trim() === '')
    return fail('The description is missing: say what the skill does and when to use it.');
  if (description.length > DEFAULTS.skills.maxDescriptionChars)
    return fail(`The description has ${description.length} characters; at most ${DEFAULTS.skills.maxDescriptionChars} are allowed.`);
  const optional = checkOptional(fields);
  if ('reason' in optional) return fail(optional.reason);
  const body = source.slice(match[0].length).trim();
  if (body === '') return fail('SKILL.md has no instructions after its front matter.');
  return { ok: true, skill: { name, description: description.trim(), ...optional, body } };
}

function checkName(value: unknown, folderName: string): string | { ok: false; reason: string } {
  if (typeof value !== 'string' || value === '') return fail('The name is missing from the front matter.');
  if (value.length > DEFAULTS.skills.maxNameChars)
    return fail(`The name has ${value.length} characters; at most ${DEFAULTS.skills.maxNameChars} are allowed.`);
  if (!NAME.test(value))
    return fail(`The name "${value.slice(0, 80)}" may use only lowercase letters, digits and single hyphens, not at its start or end.`);
  if (value !== folderName) return fail(`The name "${value}" must match its folder's name, "${folderName.slice(0, 80)}".`);
  return value;
}

function checkOptional(fields: Record<string, unknown>): { license?: string; compatibility?: string } | { reason: string } {
  const out: { license?: string; compatibility?: string } = {};
  if (fields.license !== undefined) {
    if (typeof fields.license !== 'string') return { reason: 'The license must be text (a licence name or the file that holds it).' };
    out.license = fields.license;
  }
  if (fields.compatibility !== undefined) {
    if (typeof fields.compatibility !== 'string') return { reason: 'The compatibility field must be text.' };
    if (fields.compatibility.length > DEFAULTS.skills.maxCompatibilityChars)
      return {
        reason: `The compatibility field has ${fields.compatibility.length} characters; at most ${DEFAULTS.skills.maxCompatibilityChars} are allowed.`,
      };
    out.compatibility = fields.compatibility;
  }
  if (fields.metadata !== undefined && (fields.metadata === null || typeof fields.metadata !== 'object' || Array.isArray(fields.metadata)))
    return { reason: 'The metadata field must be a set of keys and values.' };
  if (fields['allowed-tools'] !== undefined && typeof fields['allowed-tools'] !== 'string')
    return { reason: 'The allowed-tools field must be a space-separated list of tool names.' };
  return out;
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
