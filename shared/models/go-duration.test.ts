import { describe, expect, it } from 'vitest';
import { conversationOptionsSchema } from '../conversations/conversation';
import { isGoDuration } from './go-duration';

// Cases from Go's own table (go/src/time/time_test.go parseDurationTests / parseDurationErrorTests).
const VALID = [
  '0',
  '5s',
  '30s',
  '1478s',
  '-5s',
  '+5s',
  '-0',
  '+0',
  '5.0s',
  '5.6s',
  '5.s',
  '.5s',
  '1.004s',
  '10ns',
  '11us',
  '12µs',
  '12μs',
  '13ms',
  '15m',
  '16h',
  '3h30m',
  '10.5s4m',
  '-2m3.4s',
  '1h2m3s4ms5us6ns',
  '39h9m14.425s',
];
const INVALID = ['', '3', '300', '1.5', '-', 's', '.', '-.', '.s', '+.s', '1d', '5 m'];

describe('keep_alive as a Go duration', () => {
  it.each(VALID)('%s is a duration', (text) => expect(isGoDuration(text)).toBe(true));
  it.each(INVALID)('"%s" is not (Ollama answers 400: time: missing unit / invalid duration)', (text) =>
    expect(isGoDuration(text)).toBe(false),
  );

  it('the conversation options never keep "300" or "1.5" as text: they become seconds, as Ollama reads numbers', () => {
    expect(conversationOptionsSchema.parse({ keepAlive: '300' }).keepAlive).toBe(300);
    expect(conversationOptionsSchema.parse({ keepAlive: ' 1.5 ' }).keepAlive).toBe(1.5);
    expect(conversationOptionsSchema.parse({ keepAlive: '1h30m' }).keepAlive).toBe('1h30m');
    expect(conversationOptionsSchema.parse({ keepAlive: 300 }).keepAlive).toBe(300);
    expect(conversationOptionsSchema.safeParse({ keepAlive: '1d' }).success).toBe(false);
    expect(conversationOptionsSchema.safeParse({ keepAlive: '5 minutes' }).success).toBe(false);
  });
});
