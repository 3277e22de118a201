/** What the guard decided about a link the page wants to open in the user's browser. */
export type ExternalUrlCheck = { type: 'allowed'; url: string } | { type: 'refused'; message: string };

/**
 * The one place that decides whether a URL may leave the app for the system browser. Only plain
 * http:// and https:// links pass: no javascript:, file:, data:, custom schemes, and no
 * user:password@ credentials (a classic way to disguise where a link goes).
 */
export function checkExternalUrl(input: string): ExternalUrlCheck {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { type: 'refused', message: `Not opened: "${preview(text)}" is not a valid web address.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { type: 'refused', message: `Not opened: only http:// and https:// links can be opened, not ${url.protocol} links.` };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      type: 'refused',
      message: 'Not opened: the link carries a user name or password, which is often used to disguise where it goes.',
    };
  }
  if (url.hostname === '') {
    return { type: 'refused', message: `Not opened: "${preview(text)}" has no host name.` };
  }
  return { type: 'allowed', url: url.href };
}

/** Checks the URL and hands it to the platform opener; never throws. */
export async function openExternalGuarded(
  input: string,
  open: (url: string) => Promise<void>,
): Promise<{ opened: boolean; message: string | null }> {
  const check = checkExternalUrl(input);
  switch (check.type) {
    case 'refused':
      return { opened: false, message: check.message };
    case 'allowed':
      try {
        await open(check.url);
        return { opened: true, message: null };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { opened: false, message: `Could not open the link in your browser: ${reason}. Copy it and open it yourself.` };
      }
    default: {
      const unreachable: never = check;
      return unreachable;
    }
  }
}

function preview(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
