import { lastUserText, reply } from '../../reply-builders';
import type { FakeChatRequest, Reply, Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

export const LONG_STREAM_DEFAULT_TOKENS = 20_000;
const WORDS = ['alpha ', 'beta ', 'gamma ', 'delta ', 'epsilon ', 'zeta ', 'eta ', 'theta '];

/** How many tokens a request asks for: "N tokens" in the last user message, else `options.num_predict`. */
export function requestedTokens(request: FakeChatRequest, fallback: number): number {
  const match = /(\d[\d,_]*)\s*tokens?\b/i.exec(lastUserText(request));
  const fromText = match?.[1] ? Number(match[1].replace(/[,_]/g, '')) : NaN;
  if (Number.isInteger(fromText) && fromText > 0) return fromText;
  const fromOptions = request.options.num_predict;
  if (typeof fromOptions === 'number' && Number.isInteger(fromOptions) && fromOptions > 0) return fromOptions;
  return fallback;
}

/** One token per chunk, no delay: the server batches the lines into large writes. */
export function longReply(tokens: number): Reply {
  const pieces = Array.from({ length: tokens }, (_, index) => ({
    type: 'content' as const,
    text: WORDS[index % WORDS.length] ?? 'token ',
  }));
  return reply.chunks(pieces, { counts: { evalCount: tokens, evalDurationNs: tokens * 10_000_000 } });
}

/** Streams N tokens as fast as possible, for benchmarks. N: "N tokens" in the prompt, num_predict, or the default. */
export function createLongStreamScenario(defaultTokens = LONG_STREAM_DEFAULT_TOKENS): Scenario {
  return {
    name: 'long-stream',
    description: `Streams N one-token chunks without delay (default ${defaultTokens}; say "N tokens" in the message to choose).`,
    models: standardModels(),
    replies: [],
    whenExhausted: (request) => longReply(requestedTokens(request, defaultTokens)),
  };
}

export const longStream: Scenario = createLongStreamScenario();
