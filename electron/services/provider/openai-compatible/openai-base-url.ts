/** A base URL with no path means the conventional /v1. */
export function openAiBaseUrl(input: string): string {
  const trimmed = input.trim().replace(/\/+$/, '');
  try {
    const url = new URL(trimmed);
    return url.pathname === '' || url.pathname === '/' ? `${trimmed}/v1` : trimmed;
  } catch {
    return trimmed;
  }
}
