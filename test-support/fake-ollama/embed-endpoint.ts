import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { JsonObject } from '../../shared/contract/json';
import { sendError, sendJson } from './http-utils';
import { requestedModel } from './model-endpoints';
import type { EmbedScript, FakeModel } from './scenario-types';

/** Length of the fake vectors. */
export const FAKE_EMBEDDING_DIMENSIONS = 256;

/**
 * A deterministic vector for a text: a hashed bag of words (each lower-cased word, with a light
 * plural trim, adds 1 to the slot its hash picks), L2-normalised. Texts sharing words point the
 * same way, so ranking by cosine works like a crude semantic model, and the same text always
 * gives the same vector.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const stem = word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
    const slot = createHash('sha1').update(stem).digest().readUInt32BE(0) % FAKE_EMBEDDING_DIMENSIONS;
    vector[slot] = (vector[slot] ?? 0) + 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1;
  return vector.map((value) => value / norm);
}

/**
 * POST /api/embed as Ollama answers it: `{model, input: string | string[]}` →
 * `{model, embeddings: number[][], total_duration, load_duration, prompt_eval_count}`. An unknown
 * model is 404, a model without the `embedding` capability 400; `script.error` fails every call.
 */
export function handleEmbed(response: ServerResponse, body: JsonObject | null, models: FakeModel[], script: EmbedScript): void {
  const name = requestedModel(body);
  const model = models.find((candidate) => candidate.name === name && !candidate.missing);
  if (!name || !model) return sendError(response, 404, `model "${name ?? ''}" not found, try pulling it first`);
  if (!model.capabilities.includes('embedding')) return sendError(response, 400, `"${name}" does not support embeddings`);
  const input = body?.['input'];
  const texts =
    typeof input === 'string' ? [input] : Array.isArray(input) && input.every((item) => typeof item === 'string') ? input : null;
  if (texts === null) return sendError(response, 400, 'invalid input type');
  if (script.error) return sendError(response, script.error.status, script.error.message);
  const words = texts.reduce((sum, text) => sum + text.split(/\s+/).length, 0);
  sendJson(response, 200, {
    model: name,
    embeddings: texts.map(fakeEmbedding),
    total_duration: 1_000_000,
    load_duration: 100_000,
    prompt_eval_count: words,
  });
}
