/**
 * Masks what looks like a secret before a raw log is written: bearer tokens, API keys and
 * passwords given as `key: value` or `key=value`, well-known key prefixes (sk-, ghp_, xoxb-),
 * and keys in URLs (`?key=`, `?token=`). Long base64 runs (images) are shortened.
 */
export function maskSecrets(text: string): string {
  return text
    .replace(/(bearer\s+)[A-Za-z0-9._~+/=-]{6,}/gi, '$1***')
    .replace(
      /((?:api[_-]?key|apikey|authorization|x-api-key|password|passwd|secret|token|access[_-]?token)\\?"?\s*[:=]\s*\\?"?)([^"\\\s,}&]{3,})/gi,
      '$1***',
    )
    .replace(/\b(sk-[A-Za-z0-9_-]{8,}|ghp_[A-Za-z0-9]{16,}|xox[abp]-[A-Za-z0-9-]{10,})/g, '***')
    .replace(/([?&](?:key|token|api_key|apikey)=)[^&\s"]+/gi, '$1***')
    .replace(/[A-Za-z0-9+/]{2000,}={0,2}/g, (run) => `[${run.length} characters of base64]`);
}
