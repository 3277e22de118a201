import { contentSecurityPolicy, diagramFramePolicy } from '../../content-security-policy';
import { allowedHostHeaders } from './host-check';

/** Headers on every response of the web host. */
export function securityHeaders(port: number): Record<string, string> {
  const wsOrigins = allowedHostHeaders(port).map((host) => `ws://${host}`);
  return {
    'Content-Security-Policy': contentSecurityPolicy(wsOrigins),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=()',
  };
}

/**
 * Headers of the diagram frame's two files (`shared/rendering/diagram-frame.ts`): its own policy, framed
 * only by our page, and its script loadable by the sandboxed (origin-less) frame.
 */
export function diagramFrameHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': diagramFramePolicy(),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=()',
  };
}
