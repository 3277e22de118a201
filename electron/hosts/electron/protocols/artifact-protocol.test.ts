import { describe, expect, it } from 'vitest';
import { ARTIFACT_FRAME_PAGE } from '../../../../shared/rendering/artifact-frame';
import { artifactFrameAncestor, createArtifactProtocolHandler, isArtifactFrameUrl } from './artifact-protocol';

const handle = createArtifactProtocolHandler('app://taco');
const get = (url: string, method = 'GET'): Response => handle(new Request(url, { method }));

describe('artifact://preview/ (the artifact preview frame in Electron)', () => {
  it('serves the one static page under its own sandboxing, network-less policy', async () => {
    const page = get('artifact://preview/artifact-frame.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = page.headers.get('content-security-policy') ?? '';
    // What each directive forbids is tried from inside the frame in e2e/specs/artifacts.spec.ts (the
    // web host serves the same page and policy); here, that Electron's copy names its own ancestor.
    for (const directive of [
      "default-src 'none'",
      "connect-src 'none'",
      "form-action 'none'",
      'frame-ancestors app://taco',
      'sandbox allow-scripts',
    ])
      expect(policy, directive).toContain(directive);
    expect(policy).not.toContain("'self'");
    expect(await page.text()).toBe(ARTIFACT_FRAME_PAGE);
    expect(await get('artifact://preview/artifact-frame.html', 'HEAD').text()).toBe('');
  });

  it.each([
    'artifact://preview/',
    'artifact://preview/index.html',
    'artifact://other/artifact-frame.html',
    'artifact://preview/..%2fartifact-frame.html',
    'app://taco/artifact-frame.html',
  ])('serves nothing else: %s', (url) => {
    expect(get(url).status).toBe(404);
  });

  it('refuses other methods', () => {
    expect(get('artifact://preview/artifact-frame.html', 'POST').status).toBe(405);
  });

  it('recognises only the exact page address', () => {
    expect(isArtifactFrameUrl('artifact://preview/artifact-frame.html')).toBe(true);
    for (const url of [
      'artifact://preview/artifact-frame.html?x=1',
      'artifact://u:p@preview/artifact-frame.html',
      'app://taco/index.html',
      'nonsense',
    ])
      expect(isArtifactFrameUrl(url), url).toBe(false);
  });

  it("is framed only by our page's origin", () => {
    expect(artifactFrameAncestor({ type: 'bundle', dir: '/x' })).toBe('app://taco');
    expect(artifactFrameAncestor({ type: 'dev-server', url: 'http://localhost:5173/' })).toBe('http://localhost:5173');
  });
});
