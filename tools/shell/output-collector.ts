/**
 * Keeps the first and the last part of a stream of text within a character budget, so a
 * command's opening lines and its final error both survive when the output is too long.
 */
export interface OutputCollector {
  push(chunk: string): void;
  text(): string;
  truncated(): boolean;
}

export function createOutputCollector(maxChars: number): OutputCollector {
  const headMax = Math.ceil(maxChars / 2);
  const tailMax = maxChars - headMax;
  let head = '';
  let tail = '';
  let omitted = 0;
  return {
    push(chunk) {
      if (head.length < headMax) {
        const room = headMax - head.length;
        head += chunk.slice(0, room);
        chunk = chunk.slice(room);
      }
      if (chunk.length === 0) return;
      tail += chunk;
      if (tail.length > tailMax) {
        omitted += tail.length - tailMax;
        tail = tailMax === 0 ? '' : tail.slice(tail.length - tailMax);
      }
    },
    text: () => (omitted === 0 ? head + tail : `${head}\n… ${omitted} characters omitted …\n${tail}`),
    truncated: () => omitted > 0,
  };
}
