import { tokensMatch } from './access-token';

/**
 * The web host's session cookie: what the page's token is exchanged for on the first load. Named
 * by port: cookies ignore ports, so a second web host would otherwise overwrite the first's.
 */
export function sessionCookieName(port: number): string {
  return `taco_session_${port}`;
}

/**
 * HttpOnly (page scripts never see it), SameSite=Strict (no other site's page can send it along),
 * Path=/ (the page, its assets and the WebSocket). No Max-Age: it ends with the browser session,
 * and the host makes a new secret every start anyway. Not Secure: the host speaks plain HTTP on
 * 127.0.0.1 only. Every server on 127.0.0.1 receives it (cookies ignore ports), so it alone never
 * opens the WebSocket: that also takes the page secret (AccessSecrets.page).
 */
export function sessionCookieHeader(session: string, port: number): string {
  return `${sessionCookieName(port)}=${session}; HttpOnly; SameSite=Strict; Path=/`;
}

/** One cookie's value from a Cookie request header (the last one wins if it is repeated). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  let found: string | null = null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) found = part.slice(at + 1).trim();
  }
  return found;
}

export type PageAccess =
  | { type: 'session' }
  /** The right token in the address: set the cookie and redirect to `location` (no token). */
  | { type: 'exchange'; location: string }
  | { type: 'refused'; reason: string };

export interface AccessSecrets {
  /** The token printed in the address (?token=…). */
  token: string;
  /** The session cookie's value. */
  session: string;
  /**
   * The page secret, made at each start: handed to the page in the redirect's fragment (never
   * sent to a server, kept in the tab's sessionStorage) and required with the cookie to open the
   * WebSocket, so another local server that received the cookie still cannot connect.
   */
  page: string;
}

/** The fragment key the exchange redirect carries the page secret under (`/#token=…`). */
export const PAGE_SECRET_FRAGMENT = 'token';

/**
 * Who may load a page or asset: a request carrying the printed token (exchanged for the cookie and
 * redirected to the same address without it, so the token does not stay in the browser's history
 * or the page's reach), or one carrying the session cookie. A wrong token is refused even with a
 * cookie.
 */
export function checkPageAccess(url: URL, cookieHeader: string | undefined, secrets: AccessSecrets, port: number): PageAccess {
  const given = url.searchParams.get('token');
  if (given !== null) {
    if (!tokensMatch(secrets.token, given)) return { type: 'refused', reason: 'The access token in the address is wrong.' };
    const clean = new URL(url.href);
    clean.searchParams.delete('token');
    return { type: 'exchange', location: `${clean.pathname}${clean.search}#${PAGE_SECRET_FRAGMENT}=${secrets.page}` };
  }
  if (tokensMatch(secrets.session, readCookie(cookieHeader, sessionCookieName(port)))) return { type: 'session' };
  return { type: 'refused', reason: 'This browser has no TACO session.' };
}
