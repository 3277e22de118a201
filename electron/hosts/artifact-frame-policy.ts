/**
 * The artifact preview frame's policy (`shared/rendering/artifact-frame.ts`), sent as a response
 * header by both hosts: inline script and style only (the frame's own bootstrap and the artifact's
 * code), no network a policy governs (no fetch, XHR, WebSocket, EventSource, beacon, worker, remote
 * image, font, media or frame; connection hints and WebRTC no policy governs: docs/security.md), no
 * forms, no base, no plugins; framed only by our page; and sandboxed by the header itself, so the
 * page is an opaque origin even if something opened it without the iframe's sandbox attribute.
 * A nested `srcdoc` frame (where the artifact runs) inherits all of it.
 * The artifact's frame cannot navigate itself away either: that navigation is checked against
 * this page's frame-src, which falls back to `default-src 'none'` (`e2e/specs/artifacts.spec.ts`).
 */
export function artifactFramePolicy(frameAncestors: string): string {
  const directives: ReadonlyArray<readonly [string, string]> = [
    ['default-src', "'none'"],
    ['script-src', "'unsafe-inline'"],
    ['style-src', "'unsafe-inline'"],
    ['img-src', 'data: blob:'],
    ['media-src', 'data: blob:'],
    ['font-src', 'data:'],
    ['connect-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', frameAncestors],
    ['sandbox', 'allow-scripts'],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** Headers of the artifact frame's page (besides its policy): nothing cached, no referrer, no sniffing. */
export function artifactFrameHeaders(frameAncestors: string): Record<string, string> {
  return {
    'Content-Security-Policy': artifactFramePolicy(frameAncestors),
    'Content-Type': 'text/html; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), clipboard-read=(), clipboard-write=()',
  };
}
