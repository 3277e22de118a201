import type { ViewItem } from '../../store/events/conversation-view';

/** Rough pixel metrics of the message column (780 px wide at the default font size). */
const CHARS_PER_LINE = 90;
const LINE_PX = 26;
const USER_CHROME_PX = 44;
const ASSISTANT_CHROME_PX = 40;
const PART_PX = 44;
const SYSTEM_CHROME_PX = 60;

/**
 * Lines the text takes: one per line of the text, plus one more for every 91 characters of a
 * line (a full line of CHARS_PER_LINE and the character that wrapped it). Counted a line at a
 * time with indexOf: this runs for every message of a conversation each time the list measures.
 */
export function textLines(text: string): number {
  let lines = 1;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const length = (end < 0 ? text.length : end) - start;
    lines += Math.floor(length / (CHARS_PER_LINE + 1));
    if (end < 0) return lines;
    lines += 1;
    start = end + 1;
  }
}

/**
 * A first guess of a message's height before it is measured, so the scrollbar and the jump to
 * the bottom of a long conversation start close to right. Every rendered row is then measured.
 */
export function estimateItemSize(item: ViewItem | undefined, gapPx: number): number {
  if (!item) return gapPx;
  switch (item.type) {
    case 'user':
      return USER_CHROME_PX + textLines(item.text) * LINE_PX + gapPx;
    case 'system-note':
      return SYSTEM_CHROME_PX + textLines(item.output) * LINE_PX * 0.8 + gapPx;
    case 'assistant': {
      let height = ASSISTANT_CHROME_PX;
      for (const part of item.parts) height += part.type === 'text' ? textLines(part.text) * LINE_PX + 10 : PART_PX;
      return height + gapPx;
    }
    default: {
      const unreachable: never = item;
      return unreachable;
    }
  }
}
