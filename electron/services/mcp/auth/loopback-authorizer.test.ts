import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Authorizer } from './authorizer';
import { loopbackAuthorizer, type LoopbackOptions } from './loopback-authorizer';

/** The loopback redirect (RFC 8252) alone: which callback it takes, what it answers, and when it gives up. */
const open: Authorizer[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const authorizer of open.splice(0)) await authorizer.close?.();
});

function start(openBrowser: LoopbackOptions['openBrowser'] = async () => ({ opened: true, message: null }), timeoutMs = 60_000) {
  const opened: string[] = [];
  const authorizer = loopbackAuthorizer({
    openBrowser: async (url) => {
      opened.push(url);
      return openBrowser(url);
    },
    timeoutMs,
  });
  open.push(authorizer);
  return { authorizer, opened };
}

const page = (state: string | null): URL => {
  const url = new URL('https://auth.example.com/authorize?client_id=taco');
  if (state !== null) url.searchParams.set('state', state);
  return url;
};

/** The grant's code, or its error's words: observed at once, so a refusal is never unhandled while the test visits the loopback. */
const outcomeOf = (grant: Promise<{ code: string }>): Promise<string> =>
  grant.then(
    (taken) => `code ${taken.code}`,
    (error: Error) => error.message,
  );

/** What the browser gets at the loopback for `query` (and `path`, default the callback). */
async function visit(authorizer: Authorizer, query: string, path = '/callback'): Promise<{ status: number; text: string }> {
  const response = await fetch(`${authorizer.redirectUrl.replace('/callback', path)}?${query}`);
  // Every answer is a page in the browser: HTML, never something it would sniff or offer to save.
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  return { status: response.status, text: await response.text() };
}

describe('loopbackAuthorizer: the redirect URI', () => {
  it('is 127.0.0.1/callback, with the port once listening; a second prepare keeps it', async () => {
    const { authorizer } = start();
    expect(authorizer.redirectUrl).toBe('http://127.0.0.1/callback');
    await authorizer.prepare();
    const first = authorizer.redirectUrl;
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    await authorizer.prepare();
    expect(authorizer.redirectUrl).toBe(first);
  });

  it('listens on the loopback address only: not on another loopback address or IPv6', async () => {
    const { authorizer } = start();
    await authorizer.prepare();
    const port = new URL(authorizer.redirectUrl).port;
    await expect(fetch(`http://127.0.0.2:${port}/callback`)).rejects.toThrow();
    await expect(fetch(`http://[::1]:${port}/callback`)).rejects.toThrow();
  });
});

describe('loopbackAuthorizer: only the callback that carries the state sent is taken', () => {
  it('an authorization page without a state is not opened', async () => {
    const { authorizer, opened } = start();
    await authorizer.prepare();
    await expect(authorizer.authorize(page(null), new AbortController().signal)).rejects.toThrow(
      'The sign-in has no state parameter; TACO does not follow it.',
    );
    expect(opened).toEqual([]);
  });

  it('opens the page, refuses another state or path, and takes the code with the right state, once', async () => {
    const { authorizer, opened } = start();
    await authorizer.prepare();
    const grant = outcomeOf(authorizer.authorize(page('state-1'), new AbortController().signal));
    await vi.waitFor(() => expect(opened).toEqual([page('state-1').href]));
    const notExpected = { status: 404, text: expect.stringContaining('This sign-in link is not expected by TACO.') as unknown };
    expect(await visit(authorizer, 'state=state-2&code=stolen')).toEqual(notExpected);
    expect(await visit(authorizer, 'state=state-1&code=stolen', '/elsewhere')).toEqual(notExpected);
    expect(await visit(authorizer, 'code=stolen')).toEqual(notExpected);
    const taken = await visit(authorizer, 'state=state-1&code=code-1');
    expect(taken).toEqual({
      status: 200,
      text: expect.stringContaining('Signed in. You can close this tab and return to TACO.') as unknown,
    });
    expect(taken.text).toMatch(/^<!doctype html><meta charset="utf-8"><title>TACO<\/title>/);
    expect(await grant).toBe('code code-1');
    expect(await visit(authorizer, 'state=state-1&code=again')).toEqual(notExpected);
  });

  it('an error from the authorization server ends the sign-in with its words, cut short', async () => {
    const { authorizer } = start();
    await authorizer.prepare();
    const refused = outcomeOf(authorizer.authorize(page('s'), new AbortController().signal));
    const answer = await visit(authorizer, `state=s&error=access_denied&error_description=${'d'.repeat(400)}`);
    expect(answer).toEqual({ status: 400, text: expect.stringContaining('The sign-in did not complete. Return to TACO.') as unknown });
    expect(await refused).toBe(`The authorization server refused the sign-in (access_denied: ${'d'.repeat(300)}).`);

    const long = outcomeOf(authorizer.authorize(page('t'), new AbortController().signal));
    await visit(authorizer, `state=t&error=${'e'.repeat(150)}`);
    expect(await long).toBe(`The authorization server refused the sign-in (${'e'.repeat(100)}).`);

    const empty = outcomeOf(authorizer.authorize(page('u'), new AbortController().signal));
    await visit(authorizer, 'state=u');
    expect(await empty).toBe('The authorization server refused the sign-in (no code).');
  });
});

describe('loopbackAuthorizer: when it stops waiting', () => {
  it('a browser that cannot open ends the sign-in with its reason, and the state is forgotten', async () => {
    const { authorizer } = start(async () => ({ opened: false, message: 'No browser here.' }));
    await authorizer.prepare();
    await expect(authorizer.authorize(page('s'), new AbortController().signal)).rejects.toThrow('No browser here.');
    expect((await visit(authorizer, 'state=s&code=late')).status).toBe(404);
    const { authorizer: silent } = start(async () => ({ opened: false, message: null }));
    await silent.prepare();
    await expect(silent.authorize(page('s'), new AbortController().signal)).rejects.toThrow(
      'The browser could not be opened for the sign-in.',
    );
  });

  it('a cancelled sign-in says so and forgets its state', async () => {
    const { authorizer, opened } = start();
    await authorizer.prepare();
    const controller = new AbortController();
    const grant = outcomeOf(authorizer.authorize(page('s'), controller.signal));
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    controller.abort();
    expect(await grant).toBe('The sign-in was cancelled.');
    expect((await visit(authorizer, 'state=s&code=late')).status).toBe(404);
  });

  it('gives up after the timeout, in minutes, and forgets its state', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { authorizer, opened } = start(undefined, 150_000);
    await authorizer.prepare();
    const outcome = outcomeOf(authorizer.authorize(page('s'), new AbortController().signal));
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    vi.advanceTimersByTime(150_000);
    expect(await outcome).toBe('Nobody finished signing in within 3 minutes; try Sign in again.');
    vi.useRealTimers();
    expect((await visit(authorizer, 'state=s&code=late')).status).toBe(404);
  });

  it('shutting down ends every sign-in still waiting and stops listening', async () => {
    const { authorizer, opened } = start();
    await authorizer.prepare();
    const address = authorizer.redirectUrl;
    const grant = outcomeOf(authorizer.authorize(page('s'), new AbortController().signal));
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    await authorizer.close?.();
    expect(await grant).toBe('TACO is shutting down.');
    await expect(fetch(address)).rejects.toThrow();
    await expect(start().authorizer.close?.()).resolves.toBeUndefined();
  });
});
