import { describe, expect, it } from 'vitest';
import { checkPageAccess, readCookie, sessionCookieHeader } from './session-cookie';

const secrets = { token: 'printed-token', session: 'session-secret' };
const at = (path: string): URL => new URL(path, 'http://127.0.0.1:5000');

describe('session cookie', () => {
  it('reads one cookie among others', () => {
    expect(readCookie('a=1; taco_session=abc; b=2', 'taco_session')).toBe('abc');
    expect(readCookie('taco_session_x=1', 'taco_session')).toBeNull();
    expect(readCookie(undefined, 'taco_session')).toBeNull();
  });

  it('is HttpOnly, SameSite=Strict and for the whole site', () => {
    expect(sessionCookieHeader('s')).toBe('taco_session=s; HttpOnly; SameSite=Strict; Path=/');
  });

  it('exchanges the right token, keeps a session, refuses anything else', () => {
    expect(checkPageAccess(at('/?token=printed-token'), undefined, secrets)).toEqual({ type: 'exchange', location: '/' });
    expect(checkPageAccess(at('/a?b=1&token=printed-token#x'), undefined, secrets)).toEqual({ type: 'exchange', location: '/a?b=1' });
    expect(checkPageAccess(at('/'), 'taco_session=session-secret', secrets)).toEqual({ type: 'session' });
    expect(checkPageAccess(at('/'), undefined, secrets).type).toBe('refused');
    expect(checkPageAccess(at('/'), 'taco_session=printed-token', secrets).type).toBe('refused');
    expect(checkPageAccess(at('/?token=nope'), 'taco_session=session-secret', secrets).type).toBe('refused');
    expect(checkPageAccess(at('/?token='), undefined, secrets).type).toBe('refused');
  });
});
