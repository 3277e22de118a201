/**
 * DNS-rebinding and cross-site guards: the server only answers requests addressed to itself by
 * loopback name and port, and only accepts WebSocket connections from its own pages.
 */
export function allowedHostHeaders(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function isAllowedHost(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false;
  return allowedHostHeaders(port).includes(hostHeader.trim().toLowerCase());
}

/** The Origin must be http://<the same allowed host the request was sent to>. */
export function isSameOrigin(originHeader: string | undefined, hostHeader: string | undefined, port: number): boolean {
  if (!originHeader || !isAllowedHost(hostHeader, port)) return false;
  return originHeader.trim().toLowerCase() === `http://${(hostHeader ?? '').trim().toLowerCase()}`;
}
