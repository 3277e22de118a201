import { describe, expect, it } from 'vitest';
import { reviewWarningFor } from './mcp-tool-adapter';

describe("an unreviewed MCP tool's approval warning", () => {
  it('calls a tool nobody reviewed "not reviewed yet", never "changed"', () => {
    expect(reviewWarningFor(['new tool'])).toMatch(/^You have not reviewed this MCP tool yet\./);
    expect(reviewWarningFor(['new tool'])).not.toMatch(/changed/);
  });

  it('names what changed in a reviewed tool, and only that', () => {
    expect(reviewWarningFor(['description', 'annotations'])).toMatch(
      /^This MCP tool changed since you reviewed it \(description, annotations\)\./,
    );
    expect(reviewWarningFor(['new tool', 'input schema'])).toMatch(/\(input schema\)/);
  });
});
