import { DEFAULTS } from '../../../../shared/constants';
import { formatToolName } from '../../../../shared/tools/format-tool-name';
import type { JsonObject } from '../../../../shared/contract/json';
import type { ChatProvider } from '../../provider/provider-types';
import { firstReplyLine } from '../../provider/ollama/side/side-reply-line';

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
  let settle: (text: string | null) => void = () => undefined;
  const result = new Promise<string | null>((resolve) => (settle = resolve));
  // Made only once the sentence is asked for: a tool done within the delay (most) costs no controller and no abort.
  let controller: AbortController | null = null;
  let budget: ReturnType<typeof setTimeout> | undefined;
  let delay: ReturnType<typeof setTimeout> | undefined;
  let finished = false;
  const finish = (text: string | null): void => {
    if (finished) return;
    finished = true;
    clearTimeout(delay);
    clearTimeout(budget);
    request.signal.removeEventListener('abort', stop);
    settle(text);
  };
  // The tool finished, the run stopped or the budget ran out: whatever was asked is dropped.
  function stop(): void {
    if (finished) return;
    controller?.abort();
    finish(null);
  }
  if (request.signal.aborted) {
    finish(null);
    return { result, cancel: stop };
  }
  request.signal.addEventListener('abort', stop, { once: true });
  delay = setTimeout(() => {
    controller = new AbortController();
    // The budget counts from the start, as the delay does.
    budget = setTimeout(stop, DEFAULTS.statusSentenceBudgetMs);
    request.provider
      .complete({
        model: request.model,
        messages: [{ role: 'user', content: statusSentencePrompt(request.tool, request.args) }],
        maxTokens: DEFAULTS.statusSentenceMaxTokens,
        signal: controller.signal,
      })
      .then(
        (raw) => finish(cleanSentence(raw)),
        () => finish(null),
      );
  }, delayMs);
  return { result, cancel: stop };
}
