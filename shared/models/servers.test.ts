import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../constants';
import { isPrivateHost, maskServers, modelRef, newServer, parseModelRef, serversSchema, transportProblem, unmaskServers } from './servers';
import { applySettingsPatch, defaultSettings, settingsPatchSchema } from '../settings/settings';

describe('model references', () => {
  it('plain for the first server, <id>::<model> for an added one, and back', () => {
    expect(modelRef('local', 'llama3.2:3b')).toBe('llama3.2:3b');
    expect(modelRef('gpu-box', 'hf.co/org/model:Q4_K_M')).toBe('gpu-box::hf.co/org/model:Q4_K_M');
    expect(parseModelRef('gpu-box::hf.co/org/model:Q4_K_M')).toEqual({ serverId: 'gpu-box', model: 'hf.co/org/model:Q4_K_M' });
    expect(parseModelRef('qwen3:4b')).toEqual({ serverId: 'local', model: 'qwen3:4b' });
    expect(parseModelRef('::odd')).toEqual({ serverId: 'local', model: '::odd' });
    expect(parseModelRef('Not An Id::m')).toEqual({ serverId: 'local', model: 'Not An Id::m' });
  });
});

describe('TLS for non-private hosts', () => {
  it('counts loopback, private, link-local, unique-local and LAN names as private', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '::1',
      '[::1]',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.20',
      '169.254.1.1',
      'fd00::1',
      'gpu-box',
      'gpu.local',
      'nas.lan',
      'x.home.arpa',
    ]) {
      expect(isPrivateHost(host), host).toBe(true);
    }
    for (const host of ['203.0.113.7', '8.8.8.8', 'models.example.com', '2001:4860::1']) expect(isPrivateHost(host), host).toBe(false);
  });

  it('refuses plain http to a public address unless allowInsecure; https is always fine', () => {
    expect(transportProblem('http://models.example.com:8000/v1', false)).toMatch(/only over https/);
    expect(transportProblem('http://models.example.com:8000/v1', true)).toBeNull();
    expect(transportProblem('https://models.example.com/v1', false)).toBeNull();
    expect(transportProblem('http://192.168.1.20:11434', false)).toBeNull();
    const server = newServer({ id: 'far', name: 'Far', kind: 'ollama', baseUrl: 'http://203.0.113.7:11434' });
    expect(serversSchema.safeParse([server]).success).toBe(false);
    expect(serversSchema.safeParse([{ ...server, allowInsecure: true }]).success).toBe(true);
  });

  it('refuses a repeated id, the reserved id "local", and header values with line breaks', () => {
    const server = newServer({ id: 'a', name: 'A', kind: 'ollama', baseUrl: 'http://10.0.0.2:11434' });
    expect(serversSchema.safeParse([server, server]).success).toBe(false);
    expect(serversSchema.safeParse([{ ...server, id: 'local' }]).success).toBe(false);
    expect(serversSchema.safeParse([{ ...server, headers: { Authorization: 'Bearer x\r\nX-Evil: 1' } }]).success).toBe(false);
  });
});

describe('masking header values', () => {
  it('masks every value; a masked value sent back keeps the stored one, a new value replaces it, a dropped header is gone', () => {
    const stored = [
      newServer({
        id: 'a',
        name: 'A',
        kind: 'ollama',
        baseUrl: 'http://10.0.0.2:11434',
        headers: { Authorization: 'Bearer s3cret', 'X-Team': 'blue' },
      }),
    ];
    const masked = maskServers(stored);
    expect(JSON.stringify(masked)).not.toContain('s3cret');
    expect(masked[0]?.headers).toEqual({ Authorization: DEFAULTS.servers.maskedHeaderValue, 'X-Team': DEFAULTS.servers.maskedHeaderValue });
    expect(unmaskServers(masked, stored)[0]?.headers).toEqual({ Authorization: 'Bearer s3cret', 'X-Team': 'blue' });
    expect(unmaskServers([{ ...masked[0]!, headers: { Authorization: 'Bearer new' } }], stored)[0]?.headers).toEqual({
      Authorization: 'Bearer new',
    });
    // A masked value for a server that has none stored cannot be used: it is dropped, never stored as the mask.
    expect(unmaskServers([{ ...masked[0]!, id: 'b' }], stored)[0]?.headers).toEqual({});
  });
});

describe('settings migration', () => {
  it('a settings file from before servers keeps its Ollama address as the first server and has no others', () => {
    const old = settingsPatchSchema.parse({ ollamaHost: 'http://10.0.0.5:11434', theme: 'dark' });
    const settings = applySettingsPatch(defaultSettings(), old);
    expect(settings.ollamaHost).toBe('http://10.0.0.5:11434');
    expect(settings.servers).toEqual([]);
  });
});

describe('a stored header and a server that moved', () => {
  it('a masked value is refused when the server now points at another origin (type the key again)', () => {
    const stored = [
      newServer({ id: 'a', name: 'A', kind: 'ollama', baseUrl: 'https://llm.example.com', headers: { 'x-api-key': 'k-secret' } }),
    ];
    const masked = maskServers(stored);
    expect(() => unmaskServers([{ ...masked[0]!, baseUrl: 'https://attacker.example.net' }], stored)).toThrow(
      /type the value of "x-api-key" again/,
    );
    expect(() => unmaskServers([{ ...masked[0]!, baseUrl: 'http://llm.example.com' }], stored)).toThrow(/again/);
    expect(unmaskServers([{ ...masked[0]!, baseUrl: 'https://llm.example.com/v2' }], stored)[0]?.headers).toEqual({
      'x-api-key': 'k-secret',
    });
    expect(
      unmaskServers([{ ...masked[0]!, baseUrl: 'https://other.example', headers: { 'x-api-key': 'typed' } }], stored)[0]?.headers,
    ).toEqual({
      'x-api-key': 'typed',
    });
  });
});
