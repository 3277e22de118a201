import { transportProblem, type ServerKind, type ServerTestFailure, type ServerTestResult } from '../../../shared/models/servers';
import { errorCode } from '../provider/error-code';
import { openAiBaseUrl } from '../provider/openai-compatible/openai-base-url';
import { CrossOriginRedirectError, sameOriginFetch } from '../provider/same-origin-fetch';

export interface ServerTestInput {
  kind: ServerKind;
  baseUrl: string;
  headers: Readonly<Record<string, string>>;
  allowInsecure: boolean;
  connectTimeoutMs: number;
  fetch?: typeof fetch;
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_OSSL_)/;

type Answer = { type: 'answer'; status: number; json: unknown } | { type: 'failed'; failure: ServerTestFailure; message: string };

function seconds(ms: number): number {
  return Math.max(1, Math.round(ms / 1000));
}

/** GET a URL with the server's headers; a connection failure is said as what failed. The headers never appear in the words. */
async function get(input: ServerTestInput, url: string): Promise<Answer> {
  const doFetch = sameOriginFetch(input.fetch);
  const host = new URL(url).host;
  try {
    const response = await doFetch(url, { headers: { ...input.headers }, signal: AbortSignal.timeout(input.connectTimeoutMs) });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { type: 'answer', status: response.status, json };
  } catch (error) {
    if (error instanceof CrossOriginRedirectError) return { type: 'failed', failure: 'http', message: error.message };
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError')
      return {
        type: 'failed',
        failure: 'timeout',
        message: `${host} did not answer within ${seconds(input.connectTimeoutMs)} seconds. Check that the server is running and reachable from this computer, or raise the connect timeout.`,
      };
    const code = errorCode(error) ?? '';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return {
        type: 'failed',
        failure: 'dns',
        message: `The name “${new URL(url).hostname}” could not be resolved (DNS). Check the spelling of the address.`,
      };
    if (code === 'ECONNREFUSED')
      return {
        type: 'failed',
        failure: 'refused',
        message: `${host} refused the connection: nothing listens at that port. Check that the server is running and the port is right.`,
      };
    if (TLS_CODE.test(code))
      return {
        type: 'failed',
        failure: 'tls',
        message: `The secure connection to ${host} failed (TLS: ${code}). Check the server's certificate, or whether the address should be https:// at all.`,
      };
    return {
      type: 'failed',
      failure: 'unreachable',
      message: `Cannot reach ${host} (${code || (error instanceof Error ? error.message : String(error))}). Check the address and that the server is running.`,
    };
  }
}

function isDict(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const looksLikeOllama = (answer: Answer): boolean =>
  answer.type === 'answer' && answer.status === 200 && isDict(answer.json) && typeof answer.json.version === 'string';
const looksLikeOpenAi = (answer: Answer): boolean =>
  answer.type === 'answer' && answer.status === 200 && isDict(answer.json) && Array.isArray(answer.json.data);

function unauthorized(host: string, status: number): ServerTestResult {
  return {
    type: 'error',
    failure: 'unauthorized',
    host,
    message: `${host} refused the request (HTTP ${status}): check the token (the Authorization header) for this server.`,
  };
}

/**
 * Settings → Model servers → Test connection: asks the server the way its kind speaks and says
 * exactly what failed (bad or insecure address, DNS, refused, TLS, timeout, 401/403, or a server
 * of the other kind). Never throws.
 */
export async function testServerConnection(input: ServerTestInput): Promise<ServerTestResult> {
  if (input.kind === 'built-in')
    return {
      type: 'error',
      failure: 'wrong-kind',
      host: input.baseUrl,
      message:
        'The built-in engine runs a model file on this computer: there is no address to connect to. Pick a model to check that it loads.',
    };
  const raw = input.baseUrl.trim().replace(/\/+$/, '');
  let root: URL;
  try {
    root = new URL(raw);
    if (root.protocol !== 'http:' && root.protocol !== 'https:') throw new Error('scheme');
  } catch {
    return {
      type: 'error',
      failure: 'invalid-url',
      host: raw,
      message: `“${raw.slice(0, 200)}” is not an address TACO can use. Write it like https://gpu-box.lan:11434 or http://127.0.0.1:8000/v1.`,
    };
  }
  const insecure = transportProblem(raw, input.allowInsecure);
  if (insecure) return { type: 'error', failure: 'insecure', host: raw, message: insecure };
  const origin = root.origin;

  if (input.kind === 'ollama') {
    const version = await get(input, `${raw}/api/version`);
    if (version.type === 'failed') return { type: 'error', failure: version.failure, host: raw, message: version.message };
    if (version.status === 401 || version.status === 403) return unauthorized(raw, version.status);
    if (looksLikeOllama(version) && isDict(version.json)) {
      const tags = await get(input, `${raw}/api/tags`);
      const count = tags.type === 'answer' && isDict(tags.json) && Array.isArray(tags.json.models) ? tags.json.models.length : 0;
      const name = String(version.json.version);
      return {
        type: 'ok',
        kind: 'ollama',
        host: raw,
        version: name,
        modelCount: count,
        message: `Connected to Ollama ${name} at ${raw}: ${count} model${count === 1 ? '' : 's'}.`,
      };
    }
    const openAi = await get(input, `${openAiBaseUrl(raw)}/models`);
    if (looksLikeOpenAi(openAi))
      return {
        type: 'error',
        failure: 'wrong-kind',
        host: raw,
        message: `${raw} is an OpenAI-compatible server, not Ollama. Set this server's kind to “OpenAI-compatible”.`,
      };
    return {
      type: 'error',
      failure: 'wrong-kind',
      host: raw,
      message: `${raw} answered (HTTP ${version.status}) but not like Ollama. Check the address (Ollama usually listens on port 11434) and the server's kind.`,
    };
  }

  const base = openAiBaseUrl(raw);
  const models = await get(input, `${base}/models`);
  if (models.type === 'failed') return { type: 'error', failure: models.failure, host: base, message: models.message };
  if (models.status === 401 || models.status === 403) return unauthorized(base, models.status);
  if (looksLikeOpenAi(models) && isDict(models.json) && Array.isArray(models.json.data)) {
    const count = models.json.data.length;
    return {
      type: 'ok',
      kind: 'openai-compatible',
      host: base,
      version: null,
      modelCount: count,
      message: `Connected to the OpenAI-compatible server at ${base}: ${count} model${count === 1 ? '' : 's'}.`,
    };
  }
  const ollama = await get(input, `${origin}/api/version`);
  if (looksLikeOllama(ollama))
    return {
      type: 'error',
      failure: 'wrong-kind',
      host: base,
      message: `${origin} is Ollama, not an OpenAI-compatible server at ${base}. Set this server's kind to “Ollama” (TACO then uses its native API: context size, thinking, pulls).`,
    };
  if (models.status === 404)
    return {
      type: 'error',
      failure: 'wrong-kind',
      host: base,
      message: `There is no OpenAI-compatible API at ${base} (HTTP 404). Check the base URL (it usually ends in /v1).`,
    };
  return {
    type: 'error',
    failure: 'http',
    host: base,
    message: `${base}/models answered HTTP ${models.status}, not a model list. Check the base URL and the server's logs.`,
  };
}
