import type { ProxyConfig, Session, WebContents } from 'electron';
import type { RendererLocation } from './renderer-location';

/**
 * The window's own network. The window's page does no networking of its own (it reaches main over
 * IPC; main's requests are Node's, not the session's), so its session can refuse everything: every
 * request the session would send goes to a proxy at a loopback port nothing should answer on, with
 * no DIRECT fallback, and loopback goes through it too (`<-loopback>`: Chromium otherwise sends
 * loopback past any proxy). That closes what no CSP governs for the artifact preview, whose frame
 * is part of this window (an iframe always shares its WebContents' session): a `preconnect` or
 * `dns-prefetch` hint, and — with `disable_non_proxied_udp` — WebRTC, which may then use only TCP
 * through that proxy. Exceptions: the dev server the page comes from when developing, and the
 * Chromium CDN Electron fetches spell-check dictionaries from (docs/api/session.md,
 * setSpellCheckerDictionaryDownloadURL).
 */
export const REFUSING_PROXY = 'http://127.0.0.1:1';
export const SPELLCHECK_DICTIONARY_HOST = 'redirector.gvt1.com';

export function windowProxyConfig(location: RendererLocation): ProxyConfig {
  const bypass = [SPELLCHECK_DICTIONARY_HOST, '<-loopback>'];
  if (location.type === 'dev-server') bypass.unshift(new URL(location.url).host);
  return { mode: 'fixed_servers', proxyRules: REFUSING_PROXY, proxyBypassRules: bypass.join(',') };
}

/** Before the window loads anything: the session's refusing proxy. */
export async function closeWindowNetwork(session: Pick<Session, 'setProxy'>, location: RendererLocation): Promise<void> {
  await session.setProxy(windowProxyConfig(location));
}

/** Per WebContents (a renderer preference): WebRTC may use no UDP and no TCP but through the proxy. */
export function closeWebRtc(contents: Pick<WebContents, 'setWebRTCIPHandlingPolicy'>): void {
  contents.setWebRTCIPHandlingPolicy('disable_non_proxied_udp');
}
