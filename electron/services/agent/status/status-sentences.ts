import { DEFAULTS } from '../../../../shared/constants';
import { formatToolName } from '../../../../shared/tools/format-tool-name';
import type { JsonObject } from '../../../../shared/contract/json';
import type { ChatProvider } from '../../provider/provider-types';
import { firstReplyLine } from '../../provider/ollama/side-reply-line';

/** The prompt that turns a tool call into a short status sentence. */
export function statusSentencePrompt(tool: string, args: JsonObject): string {
  return [
    'Given this tool call:',
    `Tool: ${formatToolName(tool)}`,
    `Arguments: ${JSON.stringify(args)}`,
    '',
    "Generate a single, clear, natural sentence (max 10 words) describing what this action is doing from the user's perspective. ",
    'Examples:',
    '- "Looking up user information in the database"',
    '- "Searching the web for current weather data"',
    '- "Reading configuration file to understand system settings"',
    '',
    'Only return the sentence, nothing else.',
  ].join('\n');
}

/** First line, quotes and trailing dots stripped, at most DEFAULTS.statusSentenceMaxWords words; null when nothing usable. */
export function cleanSentence(raw: string): string | null {
  const line = firstReplyLine(raw);
  if (!line) return null;
  const unquoted = line
    .replace(/^["'“”‘’*\-\s]+|["'“”‘’*\s]+$/g, '')
    .replace(/[.…]+$/, '')
    .trim();
  const words = unquoted.split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  return words.slice(0, DEFAULTS.statusSentenceMaxWords).join(' ');
}

export interface SentenceRequest {
  provider: ChatProvider;
  model: string;
  tool: string;
  args: JsonObject;
  /** The run's signal: stopping the run stops the side request too. */
  signal: AbortSignal;
  /** Wait this long before asking (default DEFAULTS.agentPerf.statusSentenceDelayMs). */
  delayMs?: number;
}

export interface PendingSentence {
  /** Resolves with the sentence, or null on failure, timeout or cancel. Never rejects. */
  result: Promise<string | null>;
  /** Stop waiting (the tool finished first). */
  cancel(): void;
}

/**
 * A short non-streaming side request to the same model, limited to the status budget. It never
 * delays the tool: the caller starts it, runs the tool, and shows the sentence only if it arrives
 * while the tool still runs. It is only sent once the tool has run for `delayMs`: a sentence
 * about a tool that is already done would never be shown, and asking for it anyway takes the
 * model from the next step (and an aborted request costs main its connection).
 */
export function requestStatusSentence(request: SentenceRequest): PendingSentence {
  const delayMs = request.delayMs ?? DEFAULTS.agentPerf.statusSentenceDelayMs;
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  request.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(), delayMs + DEFAULTS.statusSentenceBudgetMs);
  let startCall: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (startCall = resolve));
  const delay = setTimeout(startCall, delayMs);
  const cleanup = (): void => {
    clearTimeout(timer);
    clearTimeout(delay);
    request.signal.removeEventListener('abort', onAbort);
  };
  const aborted = new Promise<null>((resolve) => {
    if (controller.signal.aborted) resolve(null);
    controller.signal.addEventListener('abort', () => resolve(null), { once: true });
  });
  const call = started
    .then(() => {
      if (controller.signal.aborted) throw new Error('The tool finished before a sentence was needed.');
    })
    .then(() =>
      request.provider.complete({
        model: request.model,
        messages: [{ role: 'user', content: statusSentencePrompt(request.tool, request.args) }],
        maxTokens: DEFAULTS.statusSentenceMaxTokens,
        signal: controller.signal,
      }),
    )
    .then((raw) => (controller.signal.aborted ? null : cleanSentence(raw)))
    .catch(() => null);
  const result = Promise.race([call, aborted]).finally(cleanup);
  return {
    result,
    cancel: () => controller.abort(),
  };
}
