import type { IncomingHttpHeaders } from 'node:http';
import { isAllowedHost, isSameOrigin } from '../../web/security/host-check';
import { GatewayError } from '../../../services/gateway/openai-error';

/**
 * Every request, before anything else: addressed to 127.0.0.1/localhost at our port (DNS
 * rebinding), from no browser page of another origin (a page's fetch carries Origin; OpenAI
 * clients in Node, editors and scripts send none), and with the bearer key. The same checks as the
 * web host (`electron/hosts/web/security/host-check.ts`); there is no CORS, so a browser never reads an answer.
 */
export function checkRequest(headers: IncomingHttpHeaders, port: number, keyMatches: (given: string) => boolean): GatewayError | null {
  if (!isAllowedHost(headers.host, port))
    return new GatewayError(
      403,
      `Refused: TACO's API only answers at http://127.0.0.1:${port}/v1 (this protects against DNS rebinding).`,
      'host_not_allowed',
    );
  const origin = headers.origin;
  if (origin !== undefined && !isSameOrigin(origin, headers.host, port))
    return new GatewayError(403, `Refused: a web page (${origin.slice(0, 200)}) may not call TACO's API.`, 'origin_not_allowed');
  // Everything after "Bearer" and white space, the header trimmed: one line (Node's parser allows no other).
  const key = headers.authorization?.trim().match(/^Bearer\s+(.+)$/i)?.[1];
  if (key === undefined)
    return new GatewayError(401, 'Missing API key: send Authorization: Bearer <the key from Settings → Local API>.', 'missing_api_key');
  if (!keyMatches(key)) return new GatewayError(401, 'Incorrect API key.', 'invalid_api_key');
  return null;
}
