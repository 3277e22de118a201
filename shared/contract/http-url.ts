import { z } from 'zod';

/**
 * An http(s) URL without credentials in it, trimmed and capped: the one rule for every address the
 * user types (a model server, an MCP server). `example` ends the "must be a URL" message; `noCredentials`
 * says where credentials belong instead.
 */
export function httpUrlSchema(messages: { example: string; noCredentials: string; empty?: string }) {
  const base = messages.empty === undefined ? z.string().trim() : z.string().trim().min(1, messages.empty);
  return base
    .max(2048)
    .refine(
      (value) => parsed(value)?.protocol === 'http:' || parsed(value)?.protocol === 'https:',
      `must be an http:// or https:// URL, for example ${messages.example}`,
    )
    .refine((value) => {
      const url = parsed(value);
      return url === null || (url.username === '' && url.password === '');
    }, messages.noCredentials);
}

function parsed(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
