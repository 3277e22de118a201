import { describe, expect, it } from 'vitest';
import { callRequestSchemas } from '../../../shared/contract/contract';
import { DEFAULTS } from '../../../shared/constants';
import { artifactHandlers } from './artifact-handlers';

describe('artifacts.diff', () => {
  const diff = artifactHandlers()['artifacts.diff'];

  it('compares two versions with the bounded diff (a unified diff the window draws)', async () => {
    const { diff: patch } = await diff({ name: 'page.html', before: '<h1>One</h1>\n<p>a</p>\n', after: '<h1>Two</h1>\n<p>a</p>\n' });
    expect(patch).toContain('--- page.html');
    expect(patch).toContain('-<h1>One</h1>');
    expect(patch).toContain('+<h1>Two</h1>');
  });

  it('refuses sides over the cap at the boundary, before any diff runs', () => {
    const big = 'x'.repeat(DEFAULTS.rendererArtifacts.maxDiffChars + 1);
    expect(callRequestSchemas['artifacts.diff'].safeParse({ name: 'a.svg', before: big, after: '' }).success).toBe(false);
    expect(callRequestSchemas['artifacts.diff'].safeParse({ name: 'a.svg', before: 'a', after: 'b', extra: 1 }).success).toBe(false);
    expect(callRequestSchemas['artifacts.diff'].safeParse({ name: 'a.svg', before: 'a', after: 'b' }).success).toBe(true);
  });
});
