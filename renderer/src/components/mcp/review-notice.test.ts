import { describe, expect, it } from 'vitest';
import { reviewNoticeText, reviewState } from './McpToolList';

const tool = (changes?: string[]) => (changes ? { changes } : {});

describe('the MCP review notice says what is true of each tool', () => {
  it('a tool is new only when "new tool" is all main says of it', () => {
    expect(reviewState(tool())).toBe('reviewed');
    expect(reviewState(tool([]))).toBe('reviewed');
    expect(reviewState(tool(['new tool']))).toBe('new');
    expect(reviewState(tool(['description']))).toBe('changed');
    expect(reviewState(tool(['new tool', 'description']))).toBe('changed');
  });

  it('never says "changed" of tools nobody reviewed, and always says it of a changed one', () => {
    expect(reviewNoticeText([tool(), tool()])).toBeNull();
    expect(reviewNoticeText([tool(['new tool'])])).toBe(
      'This server’s tool is not reviewed yet. It asks before every call until you accept it: read the descriptions below first.',
    );
    expect(reviewNoticeText([tool(['new tool']), tool(['new tool'])])).not.toMatch(/changed/);
    expect(reviewNoticeText([tool(), tool(['new tool'])])).toBe(
      'One tool is new and not reviewed yet. It asks before every call until you accept it: read the descriptions below first.',
    );
    expect(reviewNoticeText([tool(['description']), tool()])).toMatch(/^One tool has changed since you reviewed it\. It asks/);
    expect(reviewNoticeText([tool(['description']), tool(['new tool']), tool(['annotations']), tool()])).toBe(
      '2 tools have changed since you reviewed them, and one tool is new and not reviewed yet. They ask before every call until you accept them: read the descriptions below first.',
    );
  });
});
