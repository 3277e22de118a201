import { DEFAULTS } from '../../../../shared/constants';

/** A model server's answer that passed `DEFAULTS.servers.maxAnswerBytes`: reading stopped there. */
export class AnswerTooLarge extends Error {
  constructor(
    readonly url: string,
    readonly maxBytes: number,
  ) {
    super(`${url} answered with more than ${Math.round(maxBytes / (1024 * 1024))} MB; TACO stopped reading it.`);
    this.name = 'AnswerTooLarge';
  }
}

/**
 * A fetch whose answers are read whole into main (model lists, `/props`, `/slots`, token counts,
 * LM Studio's model answer, the tool probe, side requests): each body stops at `maxBytes`, so a
 * server that sends without end cannot fill main's memory. The body errors with `AnswerTooLarge`
 * (also told to `onTooLarge`: readers that fall back quietly still leave the reason in the log).
 * Streamed steps do not use it (their chunks are read as they come).
 */
export function cappedAnswerFetch(
  base: typeof fetch,
  options: { maxBytes?: number; onTooLarge?: (error: AnswerTooLarge) => void } = {},
): typeof fetch {
  const maxBytes = options.maxBytes ?? DEFAULTS.servers.maxAnswerBytes;
  const tooLarge = (url: string): AnswerTooLarge => {
    const error = new AnswerTooLarge(url, maxBytes);
    options.onTooLarge?.(error);
    return error;
  };
  return async (input, init) => {
    const response = await base(input, init);
    if (response.body === null) return response;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw tooLarge(url);
    }
    let seen = 0;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(tooLarge(url));
        else controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** The `AnswerTooLarge` somewhere in an error's causes, if any. */
export function answerTooLarge(error: unknown): AnswerTooLarge | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    if (current instanceof AnswerTooLarge) return current;
    current = current.cause;
  }
  return null;
}
