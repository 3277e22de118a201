import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { ContractError } from '../contract/contract-error';
import { LOCAL_SERVER_ID } from './model-ref';

/**
 * Model servers: the local Ollama (`ollamaHost`, always the first server, id "local") and the
 * servers the user adds (remote Ollama, OpenAI-compatible servers such as vLLM, llama.cpp's
 * llama-server, LM Studio, Jan). A model on an added server is named `<serverId>::<model>` in the
 * picker, the conversation and every call; a model of the first server keeps its plain name.
 * A "built-in" server is TACO's own engine running one GGUF file (its `engine` block); its
 * `baseUrl` is the fixed `BUILT_IN_BASE_URL` and is never dialled (see built-in-server.ts).
 */
export const SERVER_KINDS = ['ollama', 'openai-compatible', 'built-in'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

/** The id of the first server (Settings.ollamaHost; added servers cannot take it) and model references: `model-ref.ts`. */
export { LOCAL_SERVER_ID, modelRef, parseModelRef } from './model-ref';

const serverId = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be 1–40 lower-case letters, digits or dashes, for example gpu-box')
  .refine((id) => id !== LOCAL_SERVER_ID, `“${LOCAL_SERVER_ID}” is the id of the first server (the Ollama address)`);

const headerName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'must be a header name such as Authorization');
const headerValue = z
  .string()
  .max(4096)
  .refine((value) => !/[\r\n\0]/.test(value), 'must be one line');

const baseUrl = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(2048)
  .refine((value) => parseHttpUrl(value) !== null, 'must be an http:// or https:// URL, for example https://gpu-box.lan:11434');

/** A built-in server's engine settings: which GGUF file it runs, with what context and threads. */
export const engineConfigSchema = z
  .object({
    /** An absolute path to a .gguf file on this computer. */
    modelPath: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(4096)
      .refine((value) => /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(value), 'must be an absolute path to a .gguf file')
      .refine((value) => !value.includes('\0'), 'must not contain a NUL character'),
    contextSize: z.number().int().min(DEFAULTS.engine.minContextSize).max(DEFAULTS.engine.maxContextSize),
    threads: z.number().int().min(1).max(DEFAULTS.engine.maxThreads),
  })
  .strict();

export type EngineConfig = z.infer<typeof engineConfigSchema>;

export const serverSchema = z
  .object({
    id: serverId,
    name: z.string().trim().min(1).max(80),
    kind: z.enum(SERVER_KINDS),
    baseUrl,
    /** Sent with every request (e.g. Authorization: Bearer …). Never shown again, logged or stored in a conversation. */
    headers: z
      .record(headerName, headerValue)
      .refine(
        (value) => Object.keys(value).length <= DEFAULTS.servers.maxHeaders,
        `must hold at most ${DEFAULTS.servers.maxHeaders} headers`,
      ),
    /** Plain http:// to an address that is not private (the user ticked “allow insecure”). */
    allowInsecure: z.boolean(),
    connectTimeoutMs: z.number().int().min(500).max(120_000),
    enabled: z.boolean(),
    /** The user's answer per model: does it take `tools`? Absent: probed once (OpenAI-compatible) or read from /api/show (Ollama). */
    toolSupport: z
      .record(z.string().trim().min(1).max(200), z.boolean())
      .refine((value) => Object.keys(value).length <= 500, 'too many models'),
    /** Only on a "built-in" server, and required there. */
    engine: engineConfigSchema.optional(),
  })
  .strict()
  .superRefine((server, context) => {
    if (server.kind === 'built-in') {
      if (!server.engine) context.addIssue({ code: 'custom', path: ['engine'], message: 'a built-in server needs a GGUF model path' });
      return;
    }
    if (server.engine) context.addIssue({ code: 'custom', path: ['engine'], message: `only a built-in server runs a GGUF file, not a ${server.kind} server` });
    const problem = transportProblem(server.baseUrl, server.allowInsecure);
    if (problem) context.addIssue({ code: 'custom', path: ['baseUrl'], message: problem });
  });

export type ServerConfig = z.infer<typeof serverSchema>;

export const serversSchema = z
  .array(serverSchema)
  .max(DEFAULTS.servers.maxServers)
  .refine((servers) => new Set(servers.map((server) => server.id)).size === servers.length, 'must not repeat a server id');

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

const LAN_SUFFIXES = ['.local', '.lan', '.internal', '.home.arpa', '.localhost'];

/**
 * Whether a host is this machine or a private network: loopback, private, link-local and
 * unique-local addresses, `localhost`, single-label names and LAN suffixes (.local, .lan,
 * .internal, .home.arpa). Anything else counts as public.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (ipaddr.isValid(host)) {
    const range = ipaddr.process(host).range();
    return ['loopback', 'private', 'linkLocal', 'uniqueLocal', 'carrierGradeNat'].includes(range);
  }
  return !host.includes('.') || LAN_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/** Why a base URL may not be used as it is (plain http to a public address), or null. */
export function transportProblem(url: string, allowInsecure: boolean): string | null {
  const parsed = parseHttpUrl(url);
  if (!parsed) return 'must be an http:// or https:// URL';
  if (parsed.protocol === 'https:' || allowInsecure || isPrivateHost(parsed.hostname)) return null;
  return `${parsed.hostname} is not on this computer or a private network, so TACO talks to it only over https:// (a token sent over plain http can be read on the way). Use https://, or tick “allow insecure” if you trust the network.`;
}

/** Header values as settings.get shows them: names kept, values masked. */
export function maskServers(servers: readonly ServerConfig[]): ServerConfig[] {
  return servers.map((server) => ({
    ...server,
    headers: Object.fromEntries(Object.keys(server.headers).map((name) => [name, DEFAULTS.servers.maskedHeaderValue])),
  }));
}

/**
 * A servers list from the renderer over the stored one: a header value equal to the mask keeps
 * the stored value of the same server and header (so a form can send back what it was shown) —
 * only while the server's origin stays the same: a stored key is never sent to a host the user
 * did not type it for, so a masked value for a server whose address moved is refused (type it again).
 */
export function unmaskServers(next: readonly ServerConfig[], stored: readonly ServerConfig[]): ServerConfig[] {
  return next.map((server) => {
    const before = stored.find((candidate) => candidate.id === server.id);
    const moved = before !== undefined && originOf(before.baseUrl) !== originOf(server.baseUrl);
    const masked = Object.keys(server.headers).filter((name) => server.headers[name] === DEFAULTS.servers.maskedHeaderValue);
    if (moved && masked.length > 0)
      throw new ContractError(
        'invalid-payload',
        `Server "${server.name}" moved from ${originOf(before.baseUrl)} to ${originOf(server.baseUrl)}: type the value of ${masked.map((name) => `"${name}"`).join(', ')} again, so a stored key is not sent to a host it was not meant for.`,
      );
    const headers = Object.fromEntries(
      Object.entries(server.headers).flatMap(([name, value]): Array<[string, string]> => {
        if (value !== DEFAULTS.servers.maskedHeaderValue) return [[name, value]];
        const kept = before?.headers[name];
        return kept === undefined ? [] : [[name, kept]];
      }),
    );
    return { ...server, headers };
  });
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** A new server with the defaults. */
export function newServer(input: Pick<ServerConfig, 'id' | 'name' | 'kind' | 'baseUrl'> & Partial<ServerConfig>): ServerConfig {
  return {
    headers: {},
    allowInsecure: false,
    connectTimeoutMs: DEFAULTS.servers.connectTimeoutMs,
    enabled: true,
    toolSupport: {},
    ...input,
  };
}

/** What “Test connection” found: connected (with what), or exactly what failed. */
export type ServerTestFailure =
  'invalid-url' | 'insecure' | 'dns' | 'refused' | 'tls' | 'timeout' | 'unreachable' | 'unauthorized' | 'wrong-kind' | 'http';

export type ServerTestResult =
  | { type: 'ok'; kind: ServerKind; host: string; version: string | null; modelCount: number; message: string }
  | { type: 'error'; failure: ServerTestFailure; host: string; message: string };

/** servers.test: a server as the form holds it (saved or not); masked header values are the saved ones of `id`. */
export const serverTestRequestSchema = z
  .object({
    id: z.string().trim().max(40).optional(),
    kind: z.enum(SERVER_KINDS),
    baseUrl: z.string().trim().min(1).max(2048),
    headers: z
      .record(headerName, headerValue)
      .refine(
        (value) => Object.keys(value).length <= DEFAULTS.servers.maxHeaders,
        `must hold at most ${DEFAULTS.servers.maxHeaders} headers`,
      ),
    allowInsecure: z.boolean(),
    connectTimeoutMs: z.number().int().min(500).max(120_000).optional(),
  })
  .strict();
