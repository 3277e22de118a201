import type { OllamaTestResult } from '../../../../shared/contract/contract';
import type { ModelAdmin } from '../../provider/model-admin/model-admin-types';
import { probeFailure } from '../../provider/provider-error-mapping';

/** The address as TACO would store it, or null when it is not an http(s) URL. */
export function normalizeHost(input: string): string | null {
  const text = input.trim();
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.hostname === '') return null;
    return text.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/**
 * ollama.test: asks the given address (not the saved one) for Ollama's version, so Settings can
 * check a host before saving it. Never throws.
 */
export async function testOllamaHost(input: string, createAdmin: (host: string) => ModelAdmin): Promise<OllamaTestResult> {
  const host = normalizeHost(input);
  if (host === null) {
    return {
      type: 'error',
      host: input.trim(),
      message: `“${input.trim().slice(0, 200)}” is not an address TACO can use. Write it like http://127.0.0.1:11434 (http:// or https://, then the host and port).`,
    };
  }
  try {
    const version = await createAdmin(host).version();
    return { type: 'ok', host, version };
  } catch (error) {
    return probeFailure(error, host, { unknown: (detail) => `Could not ask ${host} for its version: ${detail}.` });
  }
}
