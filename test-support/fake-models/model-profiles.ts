import type { FakeChatRequest, FakeModel, Reply, Scenario } from '../fake-ollama/scenario-types';
import { chunk, reply } from '../fake-ollama/reply-builders';
import { goalOf, observationsOf, solve, type SolverAction } from './probe-solver';

/*
 * Scripted models with distinct profiles, for the model check (electron/services/probe/): each
 * answers through the same solver (probe-solver.ts) and bends it the way real small models go wrong.
 */

export const PROFILE_MODELS = {
  /** Right at every task, in both tool formats. */
  good: 'check-good:3b',
  /** Its native tool calls come out malformed (Ollama's parser error); the prompt-based format is right. */
  nativeBroken: 'check-native-broken:3b',
  /** Picks a wrong tool whenever more than 8 tools are offered. */
  manyToolsConfused: 'check-many-tools:1b',
  /** Never calls a tool: answers from memory. */
  neverCalls: 'check-no-tools:1b',
  /** Calls the same tool again and again. */
  loops: 'check-loops:1b',
  /** Right at every task, but slow (a pause between chunks): a check long enough to watch and cancel. */
  slow: 'check-slow:3b',
  /**
   * Takes no native tools; left to itself it writes its calls in words ("Action: read_file(...)"),
   * which no parser reads. Held to the constrained format's grammar (`format`), its calls are right.
   */
  sloppyJson: 'check-sloppy-json:1b',
  /** Right at every task but never loads a skill: a task that needs one it does in a format of its own. */
  skipsSkills: 'check-skips-skills:3b',
} as const;

const SLOW_CHUNK_DELAY_MS = 120;

/** Offered tools a confused model may pick instead of the right one: harmless ones only. */
const HARMLESS_WRONG = ['current_time', 'recall_memory', 'list_documents', 'calculate', 'read_file', 'stop_and_think'];

function toolModel(name: string): FakeModel {
  return {
    name,
    capabilities: name === PROFILE_MODELS.sloppyJson ? ['completion'] : ['completion', 'tools'],
    contextLength: 32_768,
    family: 'llama',
    parameterSize: '3B',
    quantization: 'Q4_K_M',
  };
}

/** The tool names a request offers, in either format (native `tools`, or the prompt's tool list). */
function offeredTools(request: FakeChatRequest): string[] {
  if (request.tools) return request.tools.map((tool) => String((tool as { function?: { name?: string } }).function?.name ?? ''));
  const system = request.messages.find((message) => message.role === 'system')?.content ?? '';
  return [...system.matchAll(/^- ([a-z][a-z0-9_]*): /gm)].map((found) => found[1] ?? '');
}

/** Whether the request asks for the constrained format's grammar (Ollama `format` with a schema): the server then holds the model to it. */
function grammarAsked(request: FakeChatRequest): boolean {
  const format = request.body['format'];
  return typeof format === 'object' && format !== null;
}

/**
 * An action as this request's format carries it: a native call when tools were sent, else the
 * prompt format's JSON; under the grammar an answer is `{"answer": …}`, as the server would force it.
 */
function asReply(request: FakeChatRequest, action: SolverAction): Reply {
  if (action.type === 'answer') {
    const text = grammarAsked(request) ? JSON.stringify({ answer: action.text }) : action.text;
    return reply.text(text, { counts: { evalCount: 20, evalDurationNs: 500_000_000 } });
  }
  if (request.tools)
    return reply.chunks([chunk.toolCall(action.tool, action.args)], { counts: { evalCount: 12, evalDurationNs: 300_000_000 } });
  return reply.text(JSON.stringify({ tool: action.tool, parameters: action.args }), {
    counts: { evalCount: 12, evalDurationNs: 300_000_000 },
  });
}

function respond(request: FakeChatRequest): Reply {
  const goal = goalOf(request);
  const seen = observationsOf(request);
  const action = solve(goal, seen);
  switch (request.model) {
    case PROFILE_MODELS.nativeBroken:
      if (action.type === 'call' && request.tools)
        // What Ollama answers when it cannot parse the model's tool call (server/routes.go, harmony parser).
        return reply.httpError(
          500,
          `error parsing tool call: raw='{"name": "${action.tool}", "arguments": {', err=unexpected end of JSON input`,
        );
      return asReply(request, action);
    case PROFILE_MODELS.manyToolsConfused: {
      const offered = offeredTools(request);
      if (action.type !== 'call' || offered.length <= 8) return asReply(request, action);
      if (seen.length > 0) return asReply(request, { type: 'answer', text: 'I could not do it.' });
      const wrong = HARMLESS_WRONG.find((tool) => tool !== action.tool && offered.includes(tool)) ?? 'current_time';
      return asReply(request, {
        type: 'call',
        tool: wrong,
        args:
          wrong === 'calculate'
            ? { expression: '1 + 1' }
            : wrong === 'read_file'
              ? { path: 'nothing.txt' }
              : wrong === 'recall_memory'
                ? { query: 'task' }
                : {},
      });
    }
    case PROFILE_MODELS.neverCalls:
      return asReply(
        request,
        action.type === 'call' ? { type: 'answer', text: 'I cannot look at files, but it is probably fine.' } : action,
      );
    case PROFILE_MODELS.loops: {
      const first = solve(goal, []);
      return asReply(request, first.type === 'call' ? first : action);
    }
    case PROFILE_MODELS.sloppyJson:
      if (action.type === 'call' && !grammarAsked(request))
        return reply.text(
          `Action: ${action.tool}(${Object.entries(action.args)
            .map(([key, value]) => `${key}=${String(value)}`)
            .join(', ')})`,
        );
      return asReply(request, action);
    case PROFILE_MODELS.skipsSkills:
      if (action.type === 'call' && action.tool === 'load_skill')
        return asReply(request, { type: 'call', tool: 'write_file', args: { path: 'report.md', content: 'Kestrel: green' } });
      return asReply(request, action);
    case PROFILE_MODELS.slow: {
      const answer = asReply(request, action);
      return answer.type === 'chunks' ? { ...answer, delayMs: SLOW_CHUNK_DELAY_MS } : answer;
    }
    default:
      return asReply(request, action);
  }
}

/** One fake server with every profile (and the standard status-sentence side answers). */
export function modelCheckScenario(): Scenario {
  return {
    name: 'model-check',
    description: 'Scripted models with distinct profiles for "Check this model".',
    models: Object.values(PROFILE_MODELS).map(toolModel),
    replies: [],
    whenExhausted: respond,
  };
}
