import { DEFAULTS } from '../../../shared/constants';
import { extname } from 'node:path';

/** MIME types of the files agents write most; anything else is text/plain when it reads as text, else octet-stream. */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.ts': 'text/x-typescript',
  '.tsx': 'text/x-typescript',
  '.py': 'text/x-python',
  '.sh': 'text/x-shellscript',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.toml': 'application/toml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
};

export function mimeTypeOf(path: string, content: Buffer | null): string {
  const known = BY_EXTENSION[extname(path).toLowerCase()];
  if (known) return known;
  return content !== null && content.subarray(0, 8000).includes(0) ? 'application/octet-stream' : 'text/plain';
}

/** Tokens as the context estimate counts them (DEFAULTS.agent.charsPerToken characters a token). */
export function tokenCount(text: string): number {
  return Math.ceil(text.length / DEFAULTS.agent.charsPerToken);
}
