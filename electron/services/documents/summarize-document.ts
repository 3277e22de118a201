import { DEFAULTS } from '../../../shared/constants';
import type { ChatMessage, ChatProvider } from '../provider/provider-types';
import type { SummarizeInput } from './document-index';

export const SUMMARY_SYSTEM_PROMPT =
  'You summarise a document for other agents that must decide whether to read it. Answer with one or two plain sentences saying what it contains. No preamble.';

/**
 * A document's automatic summary: one short side request (bounded tokens and time). The
 * document's text is data, not instructions: it is fenced and the prompt says what to do with it.
 */
export async function summarizeDocument(provider: ChatProvider, input: SummarizeInput): Promise<string | null> {
  const answer = await provider.complete({
    model: input.model,
    maxTokens: DEFAULTS.documents.summaryMaxTokens,
    signal: AbortSignal.any([input.signal, AbortSignal.timeout(DEFAULTS.documents.summaryTimeoutMs)]),
    messages: [{ role: 'system', content: SUMMARY_SYSTEM_PROMPT }, documentMessage(input)],
  });
  const text = answer.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  return text === '' ? null : text;
}

/** The document's text fenced as data, or a picture (for a vision model) to describe. */
function documentMessage(input: SummarizeInput): ChatMessage {
  if (input.image !== undefined) {
    return { role: 'user', content: `Picture ${input.path}. Say what it shows.`, images: [input.image] };
  }
  return { role: 'user', content: `Document ${input.path}:\n<<<\n${input.text}\n>>>\nSummarise it.` };
}
