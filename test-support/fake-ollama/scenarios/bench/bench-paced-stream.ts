import { lastUserText, reply } from '../../reply-builders';
import type { ReplyChunk, Scenario } from '../../scenario-types';
import { longReply, requestedTokens } from '../chat/long-stream';
import { standardModels } from '../models/standard-models';

const WORDS = ['alpha ', 'beta ', 'gamma ', 'delta ', 'epsilon ', 'zeta ', 'eta ', 'theta '];
export const PACED_DEFAULT_TOKENS = 5000;
/** Tokens per streamed line and the pause between lines: ~2,500 tokens/s, faster than any local model. */
export const PACED_TOKENS_PER_CHUNK = 4;
export const PACED_DELAY_MS = 1;

/**
 * Like long-stream (N tokens: "N tokens" in the message), but paced: a line of a few tokens about
 * every millisecond, so a renderer sees the stream over many frames, as from a fast model, instead
 * of all at once. Paragraphs every 60 tokens, as prose has. "flood" in the message: the long-stream
 * reply itself (one paragraph, no pauses).
 */
export function createPacedStreamScenario(defaultTokens = PACED_DEFAULT_TOKENS): Scenario {
  return {
    name: 'bench-paced-stream',
    description: `Streams N tokens (default ${defaultTokens}), ${PACED_TOKENS_PER_CHUNK} per line, ${PACED_DELAY_MS} ms apart (the long-stream reply when the message says "flood").`,
    models: standardModels(),
    replies: [],
    whenExhausted: (request) => {
      const tokens = requestedTokens(request, defaultTokens);
      if (/\bflood\b/i.test(lastUserText(request))) return longReply(tokens);
      const chunks: ReplyChunk[] = [];
      for (let start = 0; start < tokens; start += PACED_TOKENS_PER_CHUNK) {
        let text = '';
        for (let index = start; index < Math.min(tokens, start + PACED_TOKENS_PER_CHUNK); index += 1) {
          text += index % 60 === 59 ? 'end.\n\n' : (WORDS[index % WORDS.length] ?? 'token ');
        }
        chunks.push({ type: 'content', text });
      }
      return reply.chunks(chunks, { delayMs: PACED_DELAY_MS, counts: { evalCount: tokens, evalDurationNs: tokens * 3_000_000 } });
    },
  };
}

export const benchPacedStream: Scenario = createPacedStreamScenario();
