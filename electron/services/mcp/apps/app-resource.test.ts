import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { MCP_APP_MIME_TYPE } from '../../../../shared/mcp/mcp-apps';
import { checkAppResource, toolAppResourceUri, toolVisibility } from './app-resource';

const URI = 'ui://clock/app.html';
const part = (fields: Record<string, unknown>) => ({ contents: [{ uri: URI, mimeType: MCP_APP_MIME_TYPE, text: '<p>hi</p>', ...fields }] });

describe('an MCP app’s resource', () => {
  it('is named by the tool’s _meta.ui.resourceUri (or the older key), a ui:// address only', () => {
    expect(toolAppResourceUri({ ui: { resourceUri: URI } })).toBe(URI);
    expect(toolAppResourceUri({ 'ui/resourceUri': URI })).toBe(URI);
    expect(toolAppResourceUri({ ui: { resourceUri: 'https://example.com/app.html' } })).toBeNull();
    expect(toolAppResourceUri(undefined)).toBeNull();
  });

  it('is accepted with its HTML and declared domains', () => {
    const check = checkAppResource(URI, part({ _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] } } } }));
    expect(check).toEqual({ ok: true, html: '<p>hi</p>', domains: { connect: ['https://api.example.com'], resource: [] } });
    const blob = checkAppResource(URI, part({ text: undefined, blob: Buffer.from('<b>x</b>').toString('base64') }));
    expect(blob.ok && blob.html).toBe('<b>x</b>');
  });

  it.each([
    ['another MIME type', part({ mimeType: 'text/html' })],
    ['no contents', {}],
    ['another address only', { contents: [{ uri: 'ui://other', mimeType: MCP_APP_MIME_TYPE, text: 'x' }] }],
    ['two documents for the address', { contents: [part({}).contents[0], part({}).contents[0]] }],
    ['no text nor blob', part({ text: undefined })],
    ['a document over the size cap', part({ text: 'x'.repeat(DEFAULTS.mcpApps.maxResourceBytes + 1) })],
    ['an invalid declared domain', part({ _meta: { ui: { csp: { resourceDomains: ['https://localhost'] } } } })],
  ])('is refused with %s', (_label, result) => {
    const check = checkAppResource(URI, result);
    expect(check.ok).toBe(false);
  });

  it('says who may call its tool as declared (`_meta.ui.visibility`), dropping what it cannot read and never widening', () => {
    expect(toolVisibility({ ui: { resourceUri: URI, visibility: ['app'] } })).toEqual(['app']);
    expect(toolVisibility({ ui: { visibility: ['app', 'model', 'app'] } })).toEqual(['model', 'app']);
    expect(toolVisibility({ ui: { visibility: ['app', 'everyone'] } })).toEqual(['app']);
    expect(toolVisibility({ ui: { visibility: [] } })).toEqual([]);
    expect(toolVisibility({ ui: { visibility: 'model' } })).toEqual([]);
    expect(toolVisibility({ ui: { visibility: null } })).toEqual([]);
    expect(toolVisibility({ ui: { resourceUri: URI } })).toBeUndefined();
    expect(toolVisibility({ visibility: ['app'] })).toBeUndefined();
    expect(toolVisibility(undefined)).toBeUndefined();
  });
});
