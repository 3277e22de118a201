import type { ElicitationField, ElicitationValue } from '../../../../shared/mcp/mcp-elicitation';
import type { ElicitationParams } from '../connection/mcp-client-hooks';

type Property = Record<string, unknown>;

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : undefined;
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function enumOptions(property: Property): string[] | null {
  if (Array.isArray(property.enum) && property.enum.every((item) => typeof item === 'string')) return property.enum as string[];
  const choices = property.oneOf ?? property.anyOf;
  if (Array.isArray(choices) && choices.every((choice) => typeof (choice as Property)?.const === 'string'))
    return choices.map((choice) => (choice as Property).const as string);
  return null;
}

/**
 * A form request's schema as fields the renderer can draw (untrusted server text is cut to the
 * workflow limits; the renderer shows it as text). Properties of a kind the form cannot hold
 * (arrays, objects) are returned in `unsupported`: when one is required the form cannot be answered.
 */
export function elicitationFields(params: ElicitationParams): { fields: ElicitationField[]; unsupported: string[] } {
  const fields: ElicitationField[] = [];
  const unsupported: string[] = [];
  if (params.mode === 'url') return { fields, unsupported };
  const required = new Set(params.requestedSchema.required ?? []);
  for (const [key, raw] of Object.entries(params.requestedSchema.properties)) {
    const property = raw as Property;
    const label = text(property.title, 200) ?? key.slice(0, 200);
    const help = text(property.description, 500);
    const base = { name: key.slice(0, 64), label, required: required.has(key), ...(help ? { help } : {}) };
    const options = enumOptions(property);
    const fallback = property.default;
    if (property.type === 'string' && options) {
      const value = typeof fallback === 'string' && options.includes(fallback) ? fallback : undefined;
      fields.push({
        key,
        integer: false,
        param: { ...base, type: 'enum', options: options.slice(0, 50), ...(value ? { default: value } : {}) },
      });
    } else if (property.type === 'string') {
      const type = property.format === 'date' ? 'date' : 'string';
      const max = num(property.maxLength);
      fields.push({
        key,
        integer: false,
        param: { ...base, type, ...(max !== undefined ? { max } : {}), ...(typeof fallback === 'string' ? { default: fallback } : {}) },
      });
    } else if (property.type === 'number' || property.type === 'integer') {
      const min = num(property.minimum);
      const max = num(property.maximum);
      const value = num(fallback);
      fields.push({
        key,
        integer: property.type === 'integer',
        param: {
          ...base,
          type: 'number',
          ...(min !== undefined ? { min } : {}),
          ...(max !== undefined ? { max } : {}),
          ...(value !== undefined ? { default: value } : {}),
        },
      });
    } else if (property.type === 'boolean') {
      fields.push({
        key,
        integer: false,
        param: { ...base, type: 'boolean', ...(typeof fallback === 'boolean' ? { default: fallback } : {}) },
      });
    } else unsupported.push(key);
  }
  return { fields, unsupported: unsupported.filter((key) => required.has(key)) };
}

/**
 * The user's accepted values checked against the fields (main does not trust the renderer):
 * each value of its field's type, enums among their options, numbers in range, required fields
 * present. Returns the content to send, or the first problem in words.
 */
export function checkElicitationContent(
  fields: readonly ElicitationField[],
  content: Record<string, unknown>,
): { ok: true; content: Record<string, ElicitationValue> } | { ok: false; message: string } {
  const out: Record<string, ElicitationValue> = {};
  for (const key of Object.keys(content))
    if (!fields.some((field) => field.key === key)) return { ok: false, message: `"${key}" is not a field of this form.` };
  for (const { key, param, integer } of fields) {
    const value = content[key];
    if (value === undefined || value === '') {
      if (param.required) return { ok: false, message: `${param.label} is required.` };
      continue;
    }
    const wrong = {
      ok: false as const,
      message: `${param.label} must be ${param.type === 'enum' ? `one of ${(param.options ?? []).join(', ')}` : `a ${integer ? 'whole number' : param.type}`}.`,
    };
    switch (param.type) {
      case 'boolean':
        if (typeof value !== 'boolean') return wrong;
        break;
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) return wrong;
        if ((param.min !== undefined && value < param.min) || (param.max !== undefined && value > param.max))
          return { ok: false, message: `${param.label} must be between ${param.min ?? '-∞'} and ${param.max ?? '∞'}.` };
        break;
      case 'enum':
        if (typeof value !== 'string' || !(param.options ?? []).includes(value)) return wrong;
        break;
      default:
        if (typeof value !== 'string') return wrong;
        if (param.max !== undefined && value.length > param.max)
          return { ok: false, message: `${param.label} is longer than ${param.max} characters.` };
    }
    out[key] = value as ElicitationValue;
  }
  return { ok: true, content: out };
}
