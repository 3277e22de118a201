import { describe, expect, it } from 'vitest';
import type { ToolAudience, ToolInfo } from './tool-info';
import { callableByApp, offeredToModel, soleAudience } from './tool-visibility';

const mcp = (visibility?: ToolAudience[]): Pick<ToolInfo, 'source'> => ({
  source: { kind: 'mcp', server: 's', tool: 't', readOnlyHint: null, remote: false, ...(visibility ? { visibility } : {}) },
});

describe('who may call a tool', () => {
  it.each<[ToolAudience[] | undefined, boolean, boolean, ReturnType<typeof soleAudience>]>([
    [undefined, true, true, null],
    [['model', 'app'], true, true, null],
    [['app', 'model'], true, true, null],
    [['app'], false, true, 'app-only'],
    [['model'], true, false, 'model-only'],
    [[], false, false, 'nobody'],
  ])('declared %j: the model %s, an app %s, badge %s', (visibility, model, app, badge) => {
    expect(offeredToModel(mcp(visibility))).toBe(model);
    expect(callableByApp(mcp(visibility))).toBe(app);
    expect(soleAudience(visibility)).toBe(badge);
  });

  it('a built-in tool is the model’s, never an app’s', () => {
    expect(offeredToModel({})).toBe(true);
    expect(callableByApp({})).toBe(false);
  });
});
