import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitationParams, McpClientHooks } from '../connection/mcp-client-hooks';

/** A value a form field may hold (the primitive types elicitation schemas allow). */
export type ElicitationValue = string | number | boolean | string[];

/** How a host without a person at a form answers `elicitation/create` (the CLI's --elicitation flag). */
export type UnattendedElicitation = 'defaults' | 'decline';

/**
 * The defaults a form's schema gives (SEP-1034: `default` on string, number, integer, boolean and
 * enum properties). A default of the wrong type is left out, so the server sees only what it asked for.
 */
export function schemaDefaults(params: ElicitationParams): Record<string, ElicitationValue> {
  if (params.mode === 'url') return {};
  const values: Record<string, ElicitationValue> = {};
  for (const [key, property] of Object.entries(params.requestedSchema.properties)) {
    const value = (property as { default?: unknown }).default;
    if (value !== undefined && fitsType((property as { type?: unknown }).type, value)) values[key] = value as ElicitationValue;
  }
  return values;
}

function fitsType(type: unknown, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    default:
      return false;
  }
}

/** The fields the form requires that have no default: an unattended accept cannot fill them. */
export function missingRequired(params: ElicitationParams, values: Record<string, ElicitationValue>): string[] {
  if (params.mode === 'url') return [];
  return (params.requestedSchema.required ?? []).filter((key) => values[key] === undefined);
}

/**
 * The answer of a host with nobody at a form: `defaults` accepts a form with its schema's defaults
 * when they cover every required field (declines otherwise); `decline` declines every request.
 * URL-mode requests (open a page) are always declined: nobody is there to visit it.
 */
export function answerUnattended(policy: UnattendedElicitation, params: ElicitationParams): ElicitResult {
  if (policy === 'decline' || params.mode === 'url') return { action: 'decline' };
  const content = schemaDefaults(params);
  return missingRequired(params, content).length === 0 ? { action: 'accept', content } : { action: 'decline' };
}

/** The elicitation hook of an unattended host (CLI, conformance client). */
export function unattendedElicitation(policy: UnattendedElicitation): NonNullable<McpClientHooks['elicit']> {
  return async (_server, params) => answerUnattended(policy, params);
}
