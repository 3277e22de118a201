import { jsonOutput } from '../catalogue/args/tool-args';
import type { ToolRun } from '../catalogue/tool-runtime-types';

/** current_time over a clock; tests pass a fixed one. */
export function createCurrentTime(now: () => number, timeZone?: string): ToolRun {
  return async () => {
    const date = new Date(now());
    const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(date);
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long' }).format(date);
    return jsonOutput({ iso: date.toISOString(), local, timezone: zone, weekday, unix_ms: date.getTime() });
  };
}

export const run: ToolRun = createCurrentTime(Date.now);
