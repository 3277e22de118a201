import type { ServerResponse } from 'node:http';
import type { AppServices } from '../../../services/app/app-services-types';
import { EXPORT_HTML_POLICY } from '../../../services/store/conversations/html-export/export-html-policy';

/**
 * The browser's "PDF": the conversation's HTML export (the chosen branch, no script) as a page of
 * its own, which the app's tab opens and asks to print. Served only to the signed-in session, under
 * the export's own policy (nothing loads, nothing runs) and never framed.
 */
export async function servePrintView(
  response: ServerResponse,
  services: Pick<AppServices, 'handle'>,
  conversationId: string,
  method: string | undefined,
): Promise<void> {
  const answer = await services.handle('conversation.export', { conversationId, format: 'html' });
  const ok = answer.ok && typeof (answer.value as { content?: unknown }).content === 'string';
  const body = ok
    ? (answer.value as { content: string }).content
    : `TACO could not show this conversation for printing: ${answer.ok ? 'the export was empty' : answer.error.message}`;
  const bytes = Buffer.from(body, 'utf8');
  response.writeHead(ok ? 200 : answer.ok ? 500 : answer.error.code === 'not-found' ? 404 : 400, {
    'Content-Security-Policy': `${EXPORT_HTML_POLICY}; frame-ancestors 'none'`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'no-store',
    'Content-Type': ok ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
    'Content-Length': String(bytes.length),
  });
  response.end(method === 'HEAD' ? undefined : bytes);
}
