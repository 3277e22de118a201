import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../../../services/gateway/openai-error';

/** The request body as JSON, refused past `maxBytes` (413) or when it is not JSON (400). */
export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new GatewayError(400, `The request body is not JSON: ${error instanceof Error ? error.message : String(error)}`, 'invalid_json');
  }
}

function tooLarge(maxBytes: number): GatewayError {
  return new GatewayError(413, `The request body is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`, 'request_too_large');
}
