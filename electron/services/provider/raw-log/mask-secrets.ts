/** Known secret values shorter than this are not masked by value (they would mask ordinary words); the forms below still apply. */
const MIN_KNOWN_SECRET_CHARS = 6;

const HEADER_WITH_SCHEME = /((?:proxy-)?authorization\\?"?\s*[:=]\s*\\?"?)[^"\\\r\n]+/gi;
const COOKIE = /((?:set-)?cookie\\?"?\s*[:=]\s*\\?"?)[^"\\\r\n]+/gi;
/** `password: x`, `"api_key": "x"`, `X-Auth: 9f2c…`, `client_secret=x`: names that say "secret", with a value. */
const NAMED_SECRET =
  /((?:[\w-]*(?:api[_-]?key|apikey|password|passwd|secret|access[_-]?token|refresh[_-]?token|id[_-]?token|session[_-]?id|x-auth[\w-]*|auth[_-]?token|private[_-]?key|credential)[\w-]*|token)\\?"?\s*[:=]\s*\\?"?)([^"\\\s,}&]{3,})/gi;
const BEARER_OR_BASIC = /((?:bearer|basic|token)\s+)[A-Za-z0-9._~+/=-]{6,}/gi;
/** `scheme://user:password@host`, `https://token@host`: the user part of an address. */
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'\\]+@/gi;
const QUERY_SECRET =
  /([?&](?:key|token|api_key|apikey|access_token|refresh_token|id_token|client_secret|password|auth|sig|signature|x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|x-goog-credential)=)[^&\s"'\\]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const WELL_KNOWN_KEYS =
  /\b(sk-[A-Za-z0-9_-]{8,}|gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|glpat-[A-Za-z0-9_-]{16,})/g;

/**
 * Masks secrets before a raw log is written. First the app's own secrets, exactly, wherever they
 * appear (`known`: server header values, the web search key, MCP headers and env values, OAuth
 * tokens and client secrets — also as they read inside a JSON string); then the common forms of
 * others: `Authorization`/`Proxy-Authorization` and `Cookie`/`Set-Cookie` values whatever their
 * scheme, bearer/basic credentials, keys, passwords and tokens given as `name: value` or
 * `name=value` (X-Auth-… too), credentials in an address (`user:password@`), secret query
 * parameters (`?key=`, `X-Amz-Signature=`, …), JWTs and well-known key prefixes (sk-, ghp_, xoxb-,
 * AKIA…). Long base64 runs (images) are shortened.
 */
export function maskSecrets(text: string, known: Iterable<string> = []): string {
  let masked = text;
  const values = [...new Set([...known].filter((value) => value.length >= MIN_KNOWN_SECRET_CHARS))];
  const spellings = values.flatMap((value) => [value, JSON.stringify(value).slice(1, -1)]);
  for (const spelling of [...new Set(spellings)].sort((a, b) => b.length - a.length)) masked = masked.split(spelling).join('***');
  return masked
    .replace(HEADER_WITH_SCHEME, '$1***')
    .replace(COOKIE, '$1***')
    .replace(BEARER_OR_BASIC, '$1***')
    .replace(NAMED_SECRET, '$1***')
    .replace(URL_USERINFO, '$1***@')
    .replace(QUERY_SECRET, '$1***')
    .replace(JWT, '***')
    .replace(WELL_KNOWN_KEYS, '***')
    .replace(/[A-Za-z0-9+/]{2000,}={0,2}/g, (run) => `[${run.length} characters of base64]`);
}
