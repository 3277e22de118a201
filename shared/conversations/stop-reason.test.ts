import { describe, expect, it } from 'vitest';
import { STOP_REASONS, describeStopReason, exitCodeForStopReason } from './stop-reason';
import { formatToolName } from '../tools/format-tool-name';
import { parseSlashCommand } from './commands';

describe('stop reasons', () => {
  it('describes every reason in words, with the limit where one applies', () => {
    for (const reason of STOP_REASONS) expect(describeStopReason(reason).length).toBeGreaterThan(3);
    expect(describeStopReason('max_iterations', { maxIterations: 10 })).toBe('Stopped after 10 tool rounds. Continue with the task?');
    expect(describeStopReason('timeout', { timeoutMs: 120_000 })).toContain('120 seconds');
  });

  it('maps reasons to CLI exit codes', () => {
    expect(exitCodeForStopReason('complete')).toBe(0);
    expect(exitCodeForStopReason('provider_error')).toBe(1);
    expect(exitCodeForStopReason('cancelled')).toBe(2);
    expect(exitCodeForStopReason('max_iterations')).toBe(2);
  });
});

describe('formatToolName', () => {
  it('uses Title Case, underscores as spaces', () => {
    expect(formatToolName('lookup_tool')).toBe('Lookup Tool');
    expect(formatToolName('file_read')).toBe('File Read');
    expect(formatToolName('database_query')).toBe('Database Query');
    expect(formatToolName('read_file')).toBe('Read File');
  });
});

describe('parseSlashCommand', () => {
  it('parses the slash commands and leaves other text alone', () => {
    expect(parseSlashCommand('hello')).toBeNull();
    expect(parseSlashCommand('/cancel')).toEqual({ type: 'cancel' });
    expect(parseSlashCommand(' /STATUS ')).toEqual({ type: 'status' });
    expect(parseSlashCommand('/tool read_file')).toEqual({ type: 'tool', name: 'read_file' });
    expect(parseSlashCommand('/tool')).toEqual({ type: 'unknown', input: '/tool' });
    expect(parseSlashCommand('/frobnicate')).toEqual({ type: 'unknown', input: '/frobnicate' });
  });
});
