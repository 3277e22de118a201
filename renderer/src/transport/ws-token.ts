import { DEFAULTS } from '../../../shared/constants';
import { WS_PATH } from '../../../shared/contract/transport';

/** The bits of `window` the token logic touches (fakes in tests). */
export interface PageEnvironment {
  location: Pick<Location, 'href' | 'host' | 'protocol'>;
  history: Pick<History, 'replaceState' | 'state'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * The web host's access token: from the page's `?token=` or from the `#token=` fragment (the
 * page secret the host's sign-in redirect hands over; a fragment never reaches a server), then kept
 * in sessionStorage so a reload works, and removed from the address bar; else from sessionStorage.
 * Null when none has one.
 */
export function takeWsToken(env: PageEnvironment): string | null {
  const url = new URL(env.location.href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const fromQuery = url.searchParams.get('token') ?? fragment.get('token');
  if (fromQuery) {
    try {
      env.sessionStorage.setItem(DEFAULTS.rendererTransport.tokenStorageKey, fromQuery);
    } catch {
      // Storage may be disabled; the token still works for this page load.
    }
    url.searchParams.delete('token');
    if (fragment.has('token')) {
      fragment.delete('token');
      url.hash = fragment.toString();
    }
    env.history.replaceState(env.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return fromQuery;
  }
  try {
    return env.sessionStorage.getItem(DEFAULTS.rendererTransport.tokenStorageKey);
  } catch {
    return null;
  }
}

/** `ws(s)://<host>/ws?token=…` for the page's own host. */
export function wsUrl(location: Pick<Location, 'host' | 'protocol'>, token: string | null): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${scheme}://${location.host}${WS_PATH}${query}`;
}
