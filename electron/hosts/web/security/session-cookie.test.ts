import { describe, expect, it } from 'vitest';
import { checkPageAccess, readCookie, sessionCookieHeader } from './session-cookie';

const secrets = { token: 'printed-token', session: 'session-secret', page: 'page-secret' };
const at = (path: string): URL => new URL(path, 'http://127.0.0.1:5000');

describe('session cookie', () => {
  it('reads one cookie among others', () => {
    expect(readCookie('a=1; taco_session=abc; b=2', 'taco_session')).toBe('abc');
    expect(readCookie('taco_session_x=1', 'taco_session')).toBeNull();
    expect(readCookie(undefined, 'taco_session')).toBeNull();
  });

  it('is HttpOnly, SameSite=Strict and for the whole site', () => {
    expect(sessionCookieHeader('s', 5000)).toBe('taco_session_5000=s; HttpOnly; SameSite=Strict; Path=/');
  });

  it('exchanges the right token, keeps a session, refuses anything else', () => {
    expect(checkPageAccess(at('/?token=printed-token'), undefined, secrets, 5000)).toEqual({
      type: 'exchange',
      location: '/#token=page-secret',
    });
    expect(checkPageAccess(at('/a?b=1&token=printed-token#x'), undefined, secrets, 5000)).toEqual({
      type: 'exchange',
      location: '/a?b=1#token=page-secret',
    });
    expect(checkPageAccess(at('/'), 'taco_session_5000=session-secret', secrets, 5000)).toEqual({ type: 'session' });
    expect(checkPageAccess(at('/'), undefined, secrets, 5000).type).toBe('refused');
    expect(checkPageAccess(at('/'), 'taco_session_5000=printed-token', secrets, 5000).type).toBe('refused');
    expect(checkPageAccess(at('/?token=nope'), 'taco_session_5000=session-secret', secrets, 5000).type).toBe('refused');
    expect(checkPageAccess(at('/?token='), undefined, secrets, 5000).type).toBe('refused');
  });

  it('a cookie of the web host on another port is not this one', () => {
    expect(checkPageAccess(at('/'), 'taco_session_6000=session-secret', secrets, 5000).type).toBe('refused');
    expect(checkPageAccess(at('/'), 'taco_session=session-secret', secrets, 5000).type).toBe('refused');
  });
});
