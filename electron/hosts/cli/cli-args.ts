import { DEFAULTS } from '../../../shared/constants';
import type { ServerKind } from '../../../shared/models/servers';
import type { UnattendedElicitation } from '../../services/mcp/elicitation/elicitation-defaults';

export type ApproveMode = 'all' | 'none' | 'read';
export type DepthLimitAnswer = 'continue' | 'cancel';

export interface CliOptions {
  prompt: string;
  /** Normalised http(s) URL of Ollama (or, with hostKind openai-compatible, of that server). */
  host: string;
  /** What --host is: given by --server-kind, else a URL ending in /v1 is OpenAI-compatible, anything else Ollama. */
  hostKind: ServerKind;
  /** --gguf: a GGUF file the built-in engine runs as the first server (hostKind "built-in"); null otherwise. */
  gguf: string | null;
  /** --context-size with --gguf: the context the built-in engine loads the model with; null: DEFAULTS.engine.contextSize. */
  contextSize: number | null;
  /** --server: an added model server by id or name; the model is taken from it. */
  server: string | null;
  model: string | null;
  workspace: string | null;
  dataDir: string | null;
  json: boolean;
  approve: ApproveMode;
  onDepthLimit: DepthLimitAnswer;
  maxIterations: number | null;
  timeoutMs: number | null;
  /** Tools per model request (0: all); null follows settings.toolBudget. */
  maxTools: number | null;
  /** --mcp-config FILE: MCP servers (the `mcpServers` JSON shape) added for this run. */
  mcpConfig: string | null;
  /** --elicitation: how an MCP server's form is answered with nobody at it (default: its defaults). */
  elicitation: UnattendedElicitation;
  /** --conversation ID: continue a stored conversation (e.g. "/undo" after a write); null starts a new one. */
  conversation: string | null;
  /** --no-memory: the run recalls no note and save_memory saves nothing. */
  noMemory: boolean;
  /** --list-memories: print the notes in memory (each with its scope) and exit; no prompt needed. */
  listMemories: boolean;
  /** --knowledge FOLDER, repeatable: folders indexed for this run and searched by search_knowledge. */
  knowledge: string[];
}

export type CliArgs = { type: 'help' } | { type: 'run'; options: CliOptions } | { type: 'error'; message: string };

export const CLI_USAGE = `Usage: npm run cli -- [flags] "prompt"

Runs one turn of TACO with no window and prints the answer (or, with --json, every event).

Flags:
  --host URL                 Ollama address (default: $OLLAMA_HOST, else ${DEFAULTS.ollamaHost}), or an
                             OpenAI-compatible server (a URL ending in /v1, or with --server-kind)
  --server-kind ollama|openai-compatible
                             What --host is (default: inferred from the URL)
  --gguf FILE                Run this GGUF model file in TACO's built-in engine (no Ollama needed);
                             not with --host or --server-kind
  --context-size N           With --gguf: the context in tokens (default: ${DEFAULTS.engine.contextSize})
  --server NAME              Use a model server added in Settings → Model servers (its id or name)
  --model NAME               Model to use (default: the default model in Settings, else the first installed)
  --workspace DIR            Folder the file and shell tools work in
  --data-dir DIR             Where conversations and settings are kept (default: TACO's app data folder)
  --json                     Print every event as one JSON object per line on stdout
  --approve all|none|read    Answer approval requests (default: none; read allows read-only tools;
                             all still prints a warning for writes that can make programs run)
  --on-depth-limit continue|cancel
                             Answer the tool-stack depth prompt (default: cancel)
  --max-iterations N         Tool rounds before the run stops (default: ${DEFAULTS.maxIterations})
  --timeout-ms N             Whole-run time limit in milliseconds (default: ${DEFAULTS.runTimeoutMs})
  --max-tools N              Tools offered per model request, the most relevant first; 0 offers all
                             (default: the tool budget in Settings, else ${DEFAULTS.toolBudget})
  --mcp-config FILE          MCP servers for this run ({"mcpServers": {...}}, as in claude_desktop_config.json);
                             the run waits up to ${DEFAULTS.mcp.cliReadyTimeoutMs / 1000} s for them. MCP tools are approved by --approve all
                             (read approves them only for a server marked "approval": "trusted-read")
  --elicitation defaults|decline
                             Answer an MCP server's form: accept it with the defaults it gives (declined when a
                             required field has none), or decline every form (default: defaults)
  --conversation ID          Continue a stored conversation (its id is in run-start with --json), e.g. with "/undo"
  --no-memory                Run without memory: no saved note is recalled into the prompt, save_memory saves nothing
  --list-memories            Print the notes in memory (Settings → Memory), each with its project or "global", and exit
  --knowledge FOLDER         Index this folder (text, markdown, code, HTML, PDF, DOCX) for the run; the model
                             searches it with search_knowledge and cites passages as [1], [2]. Repeatable
  --help                     Show this help

Exit codes: 0 the task completed, 2 a limit or you stopped it, 1 an Ollama or input error.`;

const VALUE_FLAGS = [
  '--host',
  '--gguf',
  '--context-size',
  '--server',
  '--server-kind',
  '--model',
  '--workspace',
  '--data-dir',
  '--approve',
  '--on-depth-limit',
  '--max-iterations',
  '--timeout-ms',
  '--max-tools',
  '--mcp-config',
  '--elicitation',
  '--conversation',
  '--knowledge',
] as const;
/** Flags that may be given more than once (each value is kept, in order). */
const REPEATABLE_FLAGS: readonly ValueFlag[] = ['--knowledge'];
type ValueFlag = (typeof VALUE_FLAGS)[number];

/**
 * Parses the CLI's arguments (pure: the environment comes in as `env`). Flags take their value as
 * the next argument or after `=`; `--` ends the flags; the prompt is every remaining word.
 */
export function parseCliArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): CliArgs {
  const values = new Map<ValueFlag, string>();
  const repeated = new Map<ValueFlag, string[]>();
  const words: string[] = [];
  let json = false;
  let help = false;
  let noMemory = false;
  let listMemories = false;

  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--') {
      words.push(...argv.slice(index + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '-') {
      if (arg.startsWith('-') && arg !== '-') return { type: 'error', message: `Unknown flag ${arg}.` };
      words.push(arg);
      continue;
    }
    const [name = '', inline] = splitFlag(arg);
    if (name === '--help') {
      help = true;
      continue;
    }
    if (name === '--json' || name === '--no-memory' || name === '--list-memories') {
      if (inline !== undefined) return { type: 'error', message: `${name} takes no value.` };
      if (name === '--json') json = true;
      else if (name === '--no-memory') noMemory = true;
      else listMemories = true;
      continue;
    }
    if (!isValueFlag(name)) return { type: 'error', message: `Unknown flag ${name}.` };
    let value = inline;
    if (value === undefined) {
      const next = argv[index + 1];
      if (next === undefined || next.startsWith('--')) return { type: 'error', message: `${name} needs a value.` };
      value = next;
      index += 1;
    }
    if (REPEATABLE_FLAGS.includes(name)) {
      repeated.set(name, [...(repeated.get(name) ?? []), value]);
      continue;
    }
    if (values.has(name)) return { type: 'error', message: `${name} is given twice.` };
    values.set(name, value);
  }
  if (help) return { type: 'help' };

  const prompt = words.join(' ').trim();
  if (prompt === '' && !listMemories)
    return { type: 'error', message: 'Say what TACO should do: add a prompt in quotes, for example npm run cli -- "What time is it?"' };

  const gguf = values.get('--gguf')?.trim() ?? null;
  if (gguf === '')
    return { type: 'error', message: '--gguf needs a model file, for example --gguf ~/models/qwen2.5-0.5b-instruct-q4_k_m.gguf' };
  if (gguf !== null && (values.has('--host') || values.has('--server-kind') || values.has('--server')))
    return { type: 'error', message: '--gguf runs the built-in engine: leave out --host, --server-kind and --server.' };

  const contextSize = parseCount(
    values.get('--context-size'),
    '--context-size',
    DEFAULTS.engine.minContextSize,
    DEFAULTS.engine.maxContextSize,
  );
  if (typeof contextSize === 'string') return { type: 'error', message: contextSize };
  if (contextSize !== null && gguf === null) return { type: 'error', message: '--context-size goes with --gguf (the built-in engine).' };

  const hostSource = gguf !== null ? DEFAULTS.ollamaHost : (values.get('--host') ?? env.OLLAMA_HOST ?? DEFAULTS.ollamaHost);
  const kindFlag = values.get('--server-kind');
  if (kindFlag !== undefined && kindFlag !== 'ollama' && kindFlag !== 'openai-compatible')
    return { type: 'error', message: `--server-kind must be ollama or openai-compatible (got "${kindFlag}").` };
  const hostKind: ServerKind =
    gguf !== null ? 'built-in' : (kindFlag ?? (/\/v1\/?$/.test(hostSource.trim()) ? 'openai-compatible' : 'ollama'));
  const host = hostKind !== 'openai-compatible' ? normaliseOllamaHost(hostSource) : normaliseServerUrl(hostSource);
  if (host === null) {
    const from = values.has('--host') ? '--host' : 'OLLAMA_HOST';
    return {
      type: 'error',
      message:
        hostKind === 'ollama'
          ? `${from} "${hostSource}" is not an Ollama address. Use a URL like http://127.0.0.1:11434 (or host:port).`
          : `${from} "${hostSource}" is not a server address. Use a URL like http://127.0.0.1:8000/v1.`,
    };
  }

  const approve = values.get('--approve') ?? 'none';
  if (approve !== 'all' && approve !== 'none' && approve !== 'read')
    return { type: 'error', message: `--approve must be all, none or read (got "${approve}").` };
  const onDepthLimit = values.get('--on-depth-limit') ?? 'cancel';
  if (onDepthLimit !== 'continue' && onDepthLimit !== 'cancel') {
    return { type: 'error', message: `--on-depth-limit must be continue or cancel (got "${onDepthLimit}").` };
  }
  const maxIterations = parseCount(values.get('--max-iterations'), '--max-iterations', 1, 100);
  if (typeof maxIterations === 'string') return { type: 'error', message: maxIterations };
  const timeoutMs = parseCount(values.get('--timeout-ms'), '--timeout-ms', 1000, 24 * 60 * 60_000);
  if (typeof timeoutMs === 'string') return { type: 'error', message: timeoutMs };
  const maxTools = parseCount(values.get('--max-tools'), '--max-tools', 0, 1000);
  if (typeof maxTools === 'string') return { type: 'error', message: maxTools };

  const model = values.get('--model')?.trim() ?? null;
  if (model === '') return { type: 'error', message: '--model needs a model name, for example --model llama3.2' };
  const workspace = values.get('--workspace')?.trim() ?? null;
  if (workspace === '') return { type: 'error', message: '--workspace needs a folder.' };
  const dataDir = values.get('--data-dir')?.trim() ?? null;
  if (dataDir === '') return { type: 'error', message: '--data-dir needs a folder.' };
  const server = values.get('--server')?.trim() ?? null;
  if (server === '') return { type: 'error', message: '--server needs the id or name of a server from Settings → Model servers.' };
  const mcpConfig = values.get('--mcp-config')?.trim() ?? null;
  if (mcpConfig === '') return { type: 'error', message: '--mcp-config needs a JSON file, for example --mcp-config mcp.json' };
  const conversation = values.get('--conversation')?.trim() ?? null;
  if (conversation === '')
    return { type: 'error', message: '--conversation needs a conversation id (the conversationId of an earlier run-start).' };

  const knowledge = (repeated.get('--knowledge') ?? []).map((folder) => folder.trim());
  if (knowledge.includes('')) return { type: 'error', message: '--knowledge needs a folder, for example --knowledge ~/notes' };

  const elicitation = values.get('--elicitation') ?? 'defaults';
  if (elicitation !== 'defaults' && elicitation !== 'decline')
    return { type: 'error', message: `--elicitation must be defaults or decline (got "${elicitation}").` };

  return {
    type: 'run',
    options: {
      prompt,
      host,
      hostKind,
      gguf,
      contextSize,
      server,
      model,
      workspace,
      dataDir,
      json,
      approve,
      onDepthLimit,
      maxIterations,
      timeoutMs,
      maxTools,
      mcpConfig,
      elicitation,
      conversation,
      noMemory,
      listMemories,
      knowledge,
    },
  };
}

/**
 * An Ollama address as a URL: `http://host:port` as is, `host:port` or `host` (as OLLAMA_HOST
 * allows) with http:// added; 0.0.0.0 (a listen address) means this machine. Null when invalid.
 */
export function normaliseOllamaHost(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || url.username || url.password) return null;
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  if (!/:\d+$/.test(url.host) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) url.port = '11434';
  return url.href.replace(/\/+$/, '');
}

function splitFlag(arg: string): [string, string | undefined] {
  const at = arg.indexOf('=');
  return at < 0 ? [arg, undefined] : [arg.slice(0, at), arg.slice(at + 1)];
}

function isValueFlag(name: string): name is ValueFlag {
  return (VALUE_FLAGS as readonly string[]).includes(name);
}

function parseCount(value: string | undefined, flag: string, min: number, max: number): number | null | string {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value.trim())) return `${flag} must be a whole number (got "${value}").`;
  const parsed = Number(value.trim());
  if (parsed < min || parsed > max) return `${flag} must be between ${min} and ${max} (got ${parsed}).`;
  return parsed;
}

/** An OpenAI-compatible server address: http(s) with a host, no credentials in the URL; trailing slashes dropped. */
export function normaliseServerUrl(input: string): string | null {
  try {
    const url = new URL(input.trim());
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || url.username || url.password) return null;
    return url.href.replace(/\/+$/, '');
  } catch {
    return null;
  }
}
