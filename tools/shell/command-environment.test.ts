import { afterEach, describe, expect, it } from 'vitest';
import { commandEnvironment } from './command-environment';
import { runShellCommand } from './command-runner';

describe('the environment a command inherits', () => {
  it('drops TACO’s own variables and every secret-named one; keeps the rest', () => {
    const env = commandEnvironment({
      PATH: '/usr/bin',
      HOME: '/home/ada',
      JAVA_HOME: '/opt/java',
      LANG: 'en_GB.UTF-8',
      TACO_API_KEY: 'taco-key',
      TACO_DATA_DIR: '/data',
      OPENAI_API_KEY: 'sk-1',
      GITHUB_TOKEN: 'ghp_1',
      AWS_SECRET_ACCESS_KEY: 'aws',
      PGPASSWORD: 'pg',
      npm_config__auth: 'npm',
      GOOGLE_APPLICATION_CREDENTIALS: '/keys.json',
      SSH_AUTH_SOCK: '/tmp/agent.sock',
      GITLAB_PAT: 'glpat',
      // A name that only looks secret is dropped too: the pattern errs on the side of the secret.
      KEYBOARD: 'us',
    });
    expect(Object.keys(env).sort()).toEqual(['HOME', 'JAVA_HOME', 'LANG', 'PATH']);
  });

  it('drops every variable whose value holds a secret, whatever its name; keeps URLs and values without one', () => {
    const env = commandEnvironment({
      DATABASE_URL: 'postgres://user:pass@db.internal:5432/app',
      REDIS_URL: 'redis://:hunter2@cache:6379',
      UPSTREAM: 'https://bot:x@example.com/repo.git',
      GH: 'ghp_abcdefghijklmnopqrstuvwxyz0123',
      NEW_GH: 'github_pat_11ABCDEFG0123456789abcdef',
      GL: 'glpat-abcdefghijklmnopqrst',
      SLACK: 'xoxb-1234567890-abcdefgh',
      OPENAI: 'sk-proj-abcdefghijklmnop1234',
      AWS: 'AKIAABCDEFGHIJKLMNOP',
      JWT: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig',
      HOMEPAGE: 'https://example.com/user@host',
      MIRROR: 'https://user@example.com/repo.git',
      EDITOR: 'vim',
      SHORT: 'sk-1',
    });
    expect(Object.keys(env).sort()).toEqual(['EDITOR', 'HOMEPAGE', 'MIRROR', 'SHORT']);
  });

  // Each name matches one word of the pattern only, so dropping that word from it lets the value through.
  it.each([
    ['COOKIE', 'BROWSER_COOKIE_JAR'],
    ['SESSION', 'FLASK_SESSION_ID'],
    ['SESSION, in lower case', 'aws_session_id'],
    ['PRIVATE', 'GPG_PRIVATE_DIR'],
    ['PAT', 'PAT'],
    ['PASSW', 'MYSQL_PASSWD'],
    ['CREDENTIAL', 'DOCKER_CREDENTIAL_HELPER'],
    ['AUTH', 'NPM_AUTH'],
    ['TACO_', 'TACO_DATA_DIR'],
  ])('drops a name that says %s', (_word, name) => {
    expect(commandEnvironment({ [name]: 'secret', LANG: 'C' })).toEqual({ LANG: 'C' });
  });

  it('keeps names that only contain the letters elsewhere', () => {
    const kept = { PATHNAME: 'x', SPATIAL: 'y', PATTERN: 'z', MY_TACO_DIR: 'w' };
    expect(commandEnvironment(kept)).toEqual(kept);
  });
});

describe('run_command’s process', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('cannot read a secret from TACO’s environment with env', async () => {
    process.env.TACO_API_KEY = 'the-api-key-value';
    process.env.MY_SERVICE_TOKEN = 'the-token-value';
    process.env.TACO_TEST_VISIBLE = 'x';
    process.env.PLAIN_SETTING = 'plain-value';
    const result = await runShellCommand('env', {
      cwd: process.cwd(),
      signal: new AbortController().signal,
      timeoutMs: 30_000,
      maxOutputChars: 200_000,
    });
    expect(result.stdout).toContain('PLAIN_SETTING=plain-value');
    expect(result.stdout).not.toContain('the-api-key-value');
    expect(result.stdout).not.toContain('the-token-value');
  });
});
