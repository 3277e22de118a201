import { contentSecurityPolicy } from '../content-security-policy';
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
