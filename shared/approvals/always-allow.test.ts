import { describe, expect, it } from 'vitest';
import { approvalNeeded } from './approval-decision';
import { alwaysAllowCovers, listAlwaysAllowed } from './always-allow';

const grants = { files: { read_note: 'hash-A' } };

describe('alwaysAllowCovers', () => {
  it('covers the granted tool of that server while its definition is the one granted', () => {
    expect(alwaysAllowCovers(grants, { server: 'files', tool: 'read_note', definitionHash: 'hash-A' })).toBe(true);
  });

  it('does not cover another tool, the same tool on another server, a changed definition, or a built-in tool', () => {
    expect(alwaysAllowCovers(grants, { server: 'files', tool: 'delete_note', definitionHash: 'hash-A' })).toBe(false);
    expect(alwaysAllowCovers(grants, { server: 'other', tool: 'read_note', definitionHash: 'hash-A' })).toBe(false);
    expect(alwaysAllowCovers(grants, { server: 'files', tool: 'read_note', definitionHash: 'hash-B' })).toBe(false);
    expect(alwaysAllowCovers(grants, null)).toBe(false);
  });

  it('never reads the prototype', () => {
    expect(alwaysAllowCovers({}, { server: '__proto__', tool: 'toString', definitionHash: 'x' })).toBe(false);
    expect(alwaysAllowCovers({ s: {} }, { server: 's', tool: 'constructor', definitionHash: 'x' })).toBe(false);
    // Own entries only: a grant inherited through a prototype, even one that matches, covers nothing.
    const subject = { server: 'files', tool: 'read_note', definitionHash: 'hash-A' };
    expect(alwaysAllowCovers({ files: Object.create({ read_note: 'hash-A' }) as Record<string, string> }, subject)).toBe(false);
    expect(alwaysAllowCovers(Object.create(grants) as typeof grants, subject)).toBe(false);
  });

  it('lists the grants by server then tool', () => {
    expect(listAlwaysAllowed({ b: { z: 'h', a: 'h' }, a: { t: 'h' } })).toEqual([
      { server: 'a', tool: 't' },
      { server: 'b', tool: 'a' },
      { server: 'b', tool: 'z' },
    ]);
  });
});

describe('approvalNeeded with "Always allow this tool"', () => {
  const policies = { read: 'ask', write: 'ask', shell: 'ask', network: 'ask' } as const;
  it('an always-allowed MCP tool (override "ask") does not ask; without the grant it does', () => {
    const question = { requiresApproval: true, risk: 'network' as const, override: 'ask' as const, riskPolicies: policies };
    expect(approvalNeeded({ ...question, allowedForConversation: false, alwaysAllowed: true })).toBe(false);
    expect(approvalNeeded({ ...question, allowedForConversation: false, alwaysAllowed: false })).toBe(true);
    expect(approvalNeeded({ ...question, override: undefined, allowedForConversation: false, alwaysAllowed: true })).toBe(false);
  });
});
