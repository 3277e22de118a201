import { artifactFrameHeaders } from './artifact-frame-policy';

/**
 * The MCP app frame's page policy (`shared/rendering/mcp-app-frame.ts`), sent as a response header
 * by both hosts. It is the envelope: the widest any app can get (inline script and style, https
 * resources and connections, no frames, forms, plugins or base), framed only by our page and
 * sandboxed by the header itself. The app's nested document inherits it and carries main's own
 * policy built from the app's declared domains (`electron/services/mcp/apps/app-policy.ts`):
 * both apply, so an app reaches only what it declared. `frame-src 'none'` also keeps the app's
 * frame from navigating itself anywhere.
 */
export function mcpAppFramePolicy(frameAncestors: string): string {
  const directives: ReadonlyArray<readonly [string, string]> = [
    ['default-src', "'none'"],
    ['script-src', "'unsafe-inline' https:"],
    ['style-src', "'unsafe-inline' https:"],
    ['img-src', 'data: blob: https:'],
    ['media-src', 'data: blob: https:'],
    ['font-src', 'data: https:'],
    ['connect-src', 'https: wss:'],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', frameAncestors],
    ['sandbox', 'allow-scripts'],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** Headers of the MCP app frame's page: its policy, and the artifact frame's others (nothing cached, no referrer, no sniffing, no device). */
export function mcpAppFrameHeaders(frameAncestors: string): Record<string, string> {
  return { ...artifactFrameHeaders(frameAncestors), 'Content-Security-Policy': mcpAppFramePolicy(frameAncestors) };
}
