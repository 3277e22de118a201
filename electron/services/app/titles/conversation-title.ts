import { DEFAULTS } from '../../../../shared/constants';
import type { ChatProvider } from '../../provider/provider-types';
import { firstReplyLine } from '../../provider/ollama/side/side-reply-line';

/** The side request's prompt: the first exchange, and what a title should look like. */
export function titlePrompt(question: string, answer: string): string {
  const cut = (text: string): string => {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > DEFAULTS.titles.exchangeChars ? `${flat.slice(0, DEFAULTS.titles.exchangeChars)}…` : flat;
  };
  return [
    `Write a short title (at most ${DEFAULTS.titles.maxWords} words) for this conversation.`,
    'Reply with the title only: no quotes, no "Title:", no full stop.',
    '',
    `User: ${cut(question)}`,
    ...(answer.trim() ? [`Assistant: ${cut(answer)}`] : []),
  ].join('\n');
}

/** The model's reply as a title: first line, no quotes or markup, at most 6 words; null when nothing usable. */
export function cleanTitle(raw: string): string | null {
  const line = firstReplyLine(raw);
  if (!line) return null;
  const bare = line
    .replace(/^(title|conversation title)\s*:\s*/i, '')
    .replace(/[*_`#>]+/g, '')
    .replace(/^["'“”‘’«»\s-]+|["'“”‘’«»\s]+$/g, '')
    .replace(/[.!?…:;,]+$/, '')
    .trim();
  const words = bare.split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const title = words.slice(0, DEFAULTS.titles.maxWords).join(' ');
  return title.length > DEFAULTS.app.titleMaxChars ? `${title.slice(0, DEFAULTS.app.titleMaxChars - 1).trimEnd()}…` : title;
}

/**
 * Asks the model for a title within the budget. Resolves with the title, or null on failure,
 * timeout, abort or an unusable reply. Never rejects.
 */
export async function requestTitle(input: {
  provider: ChatProvider;
  model: string;
  question: string;
  answer: string;
  signal: AbortSignal;
}): Promise<string | null> {
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  input.signal.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(abort, DEFAULTS.titles.budgetMs);
  const gaveUp = new Promise<null>((resolve) => controller.signal.addEventListener('abort', () => resolve(null), { once: true }));
  try {
    if (input.signal.aborted) return null;
    const call = input.provider
      .complete({
        model: input.model,
        messages: [{ role: 'user', content: titlePrompt(input.question, input.answer) }],
        maxTokens: DEFAULTS.titles.maxTokens,
        signal: controller.signal,
      })
      .then((raw) => (controller.signal.aborted ? null : cleanTitle(raw)))
      .catch(() => null);
    return await Promise.race([call, gaveUp]);
  } finally {
    clearTimeout(timer);
    input.signal.removeEventListener('abort', abort);
  }
}
