import { ARTIFACT_HOST, ARTIFACT_SCHEME } from '../../shared/rendering/artifact-frame';

/**
 * The renderer's Content Security Policy: the one source for both hosts' response header (the
 * Electron app:// protocol and dev-server responses, the web host's HTTP responses) and for the
 * fallback meta tag in `renderer/index.html`. Only our own scripts and styles run; nothing is
 * framed, no plugins, no forms posting elsewhere, and the page talks only to its own origin.
 */
const DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self' data: https:"],
  ['connect-src', "'self'"],
  // Frames: our own pages (the diagram frame; the artifact frame in the web host) and, in Electron,
  // the artifact frame's own scheme (shared/rendering/artifact-frame.ts). Nothing else is framed.
  // A drawn diagram's view is a srcdoc frame (not subject to frame-src): it inherits this policy and
  // narrows it with its own (diagram-view.ts: default-src 'none', img-src data:).
  ['frame-src', `'self' ${ARTIFACT_SCHEME}://${ARTIFACT_HOST}`],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
];

/**
 * The policy as a header value. `extraConnectSources` adds exact origins to connect-src (the web
 * host adds its own ws:// origin, which older engines do not count as 'self').
 */
export function contentSecurityPolicy(extraConnectSources: readonly string[] = []): string {
  return DIRECTIVES.map(([name, value]) => {
    const sources = name === 'connect-src' && extraConnectSources.length > 0 ? `${value} ${extraConnectSources.join(' ')}` : value;
    return `${name} ${sources}`;
  }).join('; ');
}

/** Directives Chromium ignores (and warns about) when a policy comes in a meta tag. */
export const HEADER_ONLY_DIRECTIVES: readonly string[] = ['frame-ancestors', 'report-uri', 'sandbox'];

/**
 * The policy for `renderer/index.html`'s meta tag: a fallback for a page opened without our
 * headers. Same directives minus the header-only ones (a test keeps the file equal to this).
 */
export function metaContentSecurityPolicy(): string {
  return contentSecurityPolicy()
    .split('; ')
    .filter((directive) => !HEADER_ONLY_DIRECTIVES.includes(directive.split(' ')[0] ?? ''))
    .join('; ');
}

/**
 * The diagram frame's policy (`shared/rendering/diagram-frame.ts`): its own script only, no network at all
 * (no fetch, no remote image: a diagram that names one loads nothing), data: images, framed only
 * by our page. The frame is also sandboxed (`allow-scripts`, no same origin) by the page that
 * opens it. `renderer/public/diagram-frame.html` carries the same minus frame-ancestors (a test
 * keeps them equal).
 */
const DIAGRAM_FRAME_DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'none'"],
  ['script-src', "'self'"],
  // mermaid styles what it lays out inline (d3 style attributes, a <style> per diagram). Harmless
  // here: with no network and no script but ours, CSS can neither load nor send anything.
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', 'data:'],
  ['font-src', "'self'"],
  ['connect-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'self'"],
];

export function diagramFramePolicy(): string {
  return DIAGRAM_FRAME_DIRECTIVES.map(([name, value]) => `${name} ${value}`).join('; ');
}
