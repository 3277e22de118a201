import type { TacoEvent } from '../../../../shared/events';

/**
 * The events as the conversation shows them: each `timeline-rewound` withdraws its user message
 * and everything after it (the timeline keeps them; this is the view). An unknown message id
 * withdraws nothing.
 */
export function visibleEvents(events: readonly TacoEvent[]): TacoEvent[] {
  let out: TacoEvent[] = [];
  for (const event of events) {
    if (event.type === 'timeline-rewound') {
      const index = out.findIndex((candidate) => candidate.type === 'user-message' && candidate.messageId === event.fromMessageId);
      if (index !== -1) out = out.slice(0, index);
      continue;
    }
    out.push(event);
  }
  return out;
}
