import { describe, expect, it } from 'vitest';
import type { ElicitationParams } from '../connection/mcp-client-hooks';
import { answerUnattended, schemaDefaults } from './elicitation-defaults';

const form = (properties: Record<string, object>, required: string[] = []): ElicitationParams => ({
  mode: 'form',
  message: 'Please fill in',
  requestedSchema: { type: 'object', properties: properties as never, required },
});

describe('unattended elicitation (CLI --elicitation)', () => {
  it('takes every well-typed default (SEP-1034) and leaves out defaults of the wrong type', () => {
    const params = form({
      name: { type: 'string', default: 'John Doe' },
      age: { type: 'integer', default: 30 },
      score: { type: 'number', default: 95.5 },
      status: { type: 'string', enum: ['active', 'inactive'], default: 'active' },
      verified: { type: 'boolean', default: true },
      wrong: { type: 'integer', default: 1.5 },
      none: { type: 'string' },
    });
    expect(schemaDefaults(params)).toEqual({ name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true });
    expect(answerUnattended('defaults', params)).toEqual({ action: 'accept', content: schemaDefaults(params) });
  });

  it('declines when a required field has no default, when told to, and for URL mode', () => {
    const params = form({ name: { type: 'string' }, age: { type: 'integer', default: 3 } }, ['name']);
    expect(answerUnattended('defaults', params)).toEqual({ action: 'decline' });
    expect(answerUnattended('decline', form({ a: { type: 'string', default: 'x' } }))).toEqual({ action: 'decline' });
    expect(answerUnattended('defaults', { mode: 'url', message: 'Visit', url: 'https://example.com', elicitationId: 'e' })).toEqual({
      action: 'decline',
    });
  });
});
