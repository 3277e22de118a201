import { z } from 'zod';

export const SEARXNG_CREDENTIALS_MESSAGE =
  'must not contain a user name or password (user:password@): TACO would send them with every search and they could reach error messages, the conversation and logs. Use an address without them (a SearXNG instance on this machine or your network needs none).';

/** True when an address carries a user name or password (`https://user:pass@host/`). */
function hasCredentials(value: string): boolean {
  try {
    const url = new URL(value);
    return url.username !== '' || url.password !== '';
  } catch {
    // Not parseable: the address check above says so; "@" before the host still counts.
    return /^https?:\/\/[^/?#]*@/i.test(value);
  }
}

/** search_web's service: off until the user picks one (an Ollama API key, or a SearXNG address). */
export const webSearchSettingsSchema = z
  .object({
    provider: z.enum(['off', 'ollama', 'searxng']),
    /** Ollama's web search API key (ollama.com/settings/keys); masked in settings.get. */
    ollamaApiKey: z.string().trim().max(500).optional(),
    /** A SearXNG instance with the JSON format enabled, e.g. http://127.0.0.1:8888. */
    searxngUrl: z
      .string()
      .trim()
      .max(2048)
      .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), 'must be an http:// or https:// address')
      .refine((value) => !hasCredentials(value), SEARXNG_CREDENTIALS_MESSAGE)
      .optional(),
  })
  .strict();
export type WebSearchSettings = z.infer<typeof webSearchSettingsSchema>;

/** What settings.get shows instead of a stored key; sent back, it keeps the stored one. */
export const WEB_SEARCH_KEY_MASK = '••••••••';

export function maskWebSearch(settings: WebSearchSettings): WebSearchSettings {
  return settings.ollamaApiKey ? { ...settings, ollamaApiKey: WEB_SEARCH_KEY_MASK } : settings;
}

export function unmaskWebSearch(patch: WebSearchSettings, stored: WebSearchSettings | undefined): WebSearchSettings {
  return patch.ollamaApiKey === WEB_SEARCH_KEY_MASK
    ? { ...patch, ...(stored?.ollamaApiKey ? { ollamaApiKey: stored.ollamaApiKey } : {}) }
    : patch;
}

/** One search hit as search_web returns it. */
export interface WebSearchHit {
  title: string;
  url: string;
  content: string;
}
