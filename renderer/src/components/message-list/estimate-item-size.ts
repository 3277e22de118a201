import type { ViewItem } from '../../store/events/conversation-view';

/** Rough pixel metrics of the message column (780 px wide at the default font size). */
const CHARS_PER_LINE = 90;
const LINE_PX = 26;
const USER_CHROME_PX = 44;
const ASSISTANT_CHROME_PX = 40;
const PART_PX = 44;
const SYSTEM_CHROME_PX = 60;

function textLines(text: string): number {
  let lines = 1;
  let column = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (text.charCodeAt(index) === 10 || column >= CHARS_PER_LINE) {
      lines += 1;
      column = 0;
    } else {
      column += 1;
    }
  }
  return lines;
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
