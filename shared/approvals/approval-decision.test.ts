import { describe, expect, it } from 'vitest';
import type { ApprovalPolicy, Settings } from '../settings/settings';
import { approvalNeeded, toolOverride, type ApprovalQuestion } from './approval-decision';

const riskAsks: Settings['approvals'] = { read: 'ask', write: 'ask', shell: 'ask', network: 'ask' };
const riskAllows: Settings['approvals'] = { read: 'allow', write: 'allow', shell: 'allow', network: 'allow' };

type Row = [
  override: ApprovalPolicy | undefined,
  requiresApproval: boolean,
  riskPolicy: 'ask' | 'allow',
  allowedForConversation: boolean,
  asks: boolean,
];

// Every combination, written out: the override decides when there is one; otherwise the config and the risk do.
const table: Row[] = [
  ['allow', true, 'ask', false, false],
  ['allow', true, 'ask', true, false],
  ['allow', true, 'allow', false, false],
  ['allow', true, 'allow', true, false],
  ['allow', false, 'ask', false, false],
  ['allow', false, 'ask', true, false],
  ['allow', false, 'allow', false, false],
  ['allow', false, 'allow', true, false],
  ['ask', true, 'ask', false, true],
  ['ask', true, 'ask', true, false],
  ['ask', true, 'allow', false, true],
  ['ask', true, 'allow', true, false],
  ['ask', false, 'ask', false, true],
  ['ask', false, 'ask', true, false],
  ['ask', false, 'allow', false, true],
  ['ask', false, 'allow', true, false],
  [undefined, true, 'ask', false, true],
  [undefined, true, 'ask', true, false],
  [undefined, true, 'allow', false, false],
  [undefined, true, 'allow', true, false],
  [undefined, false, 'ask', false, false],
  [undefined, false, 'ask', true, false],
  [undefined, false, 'allow', false, false],
  [undefined, false, 'allow', true, false],
];

describe('approvalNeeded', () => {
  it.each(table)(
    'override %s, requires approval %s, risk policy %s, allowed for the conversation %s → asks: %s',
    (override, requiresApproval, riskPolicy, allowedForConversation, asks) => {
      const question: ApprovalQuestion = {
        requiresApproval,
        risk: 'write',
        override,
        riskPolicies: riskPolicy === 'ask' ? riskAsks : riskAllows,
        allowedForConversation,
      };
      expect(approvalNeeded(question)).toBe(asks);
    },
  );

  it('without an override, reads the policy of the tool’s own risk', () => {
    const policies: Settings['approvals'] = { read: 'allow', write: 'ask', shell: 'allow', network: 'ask' };
    const asks = (risk: 'read' | 'write' | 'shell' | 'network') =>
      approvalNeeded({ requiresApproval: true, risk, override: undefined, riskPolicies: policies, allowedForConversation: false });
    expect([asks('read'), asks('write'), asks('shell'), asks('network')]).toEqual([false, true, false, true]);
  });
});

describe('toolOverride', () => {
  it('finds the tool’s own entry only', () => {
    expect(toolOverride({ read_file: 'ask' }, 'read_file')).toBe('ask');
    expect(toolOverride({ read_file: 'ask' }, 'write_file')).toBeUndefined();
    expect(toolOverride(undefined, 'read_file')).toBeUndefined();
    expect(toolOverride({}, 'constructor')).toBeUndefined();
    expect(toolOverride({}, 'to_string')).toBeUndefined();
  });
});
