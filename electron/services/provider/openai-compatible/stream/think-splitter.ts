/** A piece of streamed content: answer text, or reasoning the model wrapped in <think>…</think>. */
export interface ContentPiece {
  type: 'text' | 'thinking';
  text: string;
}

const OPEN = '<think>';
const CLOSE = '</think>';

/** How many trailing characters of `text` could start `tag` (kept back until the next delta). */
function partialTagLength(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length -= 1) {
    if (tag.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}

/**
 * Splits streamed content into text and thinking at <think> and </think>, even when a tag is cut
 * across deltas. Models served without a reasoning parser (llama.cpp, LM Studio, vLLM) put their
 * reasoning in the content this way.
 */
export function createThinkSplitter(): { push(delta: string): ContentPiece[]; end(): ContentPiece[] } {
  let thinking = false;
  let held = '';
  return {
    push(delta) {
      let rest = held + delta;
      held = '';
      const out: ContentPiece[] = [];
      for (;;) {
        const tag = thinking ? CLOSE : OPEN;
        const at = rest.indexOf(tag);
        if (at === -1) break;
        if (at > 0) out.push({ type: thinking ? 'thinking' : 'text', text: rest.slice(0, at) });
        rest = rest.slice(at + tag.length);
        thinking = !thinking;
      }
      const keep = partialTagLength(rest, thinking ? CLOSE : OPEN);
      held = rest.slice(rest.length - keep);
      const emit = rest.slice(0, rest.length - keep);
      if (emit !== '') out.push({ type: thinking ? 'thinking' : 'text', text: emit });
      return out;
    },
    end() {
      const out: ContentPiece[] = held === '' ? [] : [{ type: thinking ? 'thinking' : 'text', text: held }];
      held = '';
      return out;
    },
  };
}
