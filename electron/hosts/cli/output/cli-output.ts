import type { TacoEvent } from '../../../../shared/contract/events';
import { formatToolName } from '../../../../shared/tools/format-tool-name';
import { terminalSafe } from './terminal-safe';
import { truncationWarning } from '../../../../shared/conversations/truncation-warning';

export interface TextSink {
  write(text: string): unknown;
}

export interface CliOutput {
  events(batch: readonly TacoEvent[]): void;
  /** A line for the user on stderr (both modes). */
  note(text: string): void;
}

/**
 * How the CLI shows a run. Outside --json every text goes through terminalSafe: model output,
 * tool errors quoting model-chosen paths and stop messages cannot send escape sequences (OSC 52
 * writes the clipboard) to the user's terminal. --json stays exact; JSON escapes control characters. --json: every event as one JSON object per line on stdout, `type`
 * first, nothing else. Otherwise: the answer streams to stdout; status, tool rows and stop
 * messages go to stderr, so `> answer.txt` captures only the answer.
 */
export function createCliOutput(options: { json: boolean; stdout: TextSink; stderr: TextSink }): CliOutput {
  const { json } = options;
  const stdout: TextSink = json ? options.stdout : { write: (text) => options.stdout.write(terminalSafe(text)) };
  const stderr: TextSink = { write: (text) => options.stderr.write(terminalSafe(text)) };
  if (json) {
    return {
      events(batch) {
        for (const event of batch) stdout.write(`${jsonLine(event)}\n`);
      },
      note: (text) => stderr.write(`${text}\n`),
    };
  }

  let answerOpen = false;
  let tokensPerSecond: number | null = null;
  const line = (text: string): void => {
    if (answerOpen) {
      stdout.write('\n');
      answerOpen = false;
    }
    stderr.write(`${text}\n`);
  };

  const show = (event: TacoEvent): void => {
    switch (event.type) {
      case 'text-delta':
        if (event.text.length > 0) {
          stdout.write(event.text);
          answerOpen = !event.text.endsWith('\n');
        }
        return;
      case 'status':
        // "Stopped: …" is said once, by the run-finish message.
        return event.text.startsWith('Stopped') ? undefined : line(event.text);
      case 'tool-call':
        return line(`→ ${formatToolName(event.tool)} ${oneLine(JSON.stringify(event.args))}`);
      case 'tool-result':
        return line(`✓ ${formatToolName(event.tool)} (${event.durationMs} ms${event.truncated ? ', output cut' : ''})`);
      case 'tool-error':
        return line(`✗ ${formatToolName(event.tool)}: ${oneLine(event.error)}`);
      case 'approval-request':
        // --approve all is the user's explicit choice; a write that can make programs run is still said out loud.
        return event.warning ? line(`Warning: ${event.warning}`) : undefined;
      case 'approval-resolved':
        return line(`Approval ${event.decision === 'deny' ? 'denied' : event.decision === 'timeout' ? 'timed out' : 'given'} (--approve).`);
      case 'depth-resolved':
        return line(
          `Tool stack depth limit reached: ${event.decision === 'continue' ? `continuing up to ${event.limit} levels` : 'cancelled'} (--on-depth-limit).`,
        );
      case 'command-output':
        return line(event.output);
      case 'usage':
        tokensPerSecond = event.tokensPerSecond;
        if (event.truncated) line(truncationWarning(event.promptTokens, event.contextTokens));
        else if (event.contextTruncated) line("Note: Ollama cut the conversation to fit the model's context window.");
        return;
      case 'tools-offered':
        if (event.narrowed)
          line(
            `Offered ${event.offered.length} of ${event.total} tools (ranked by ${event.ranker === 'embedding' ? 'embeddings' : 'keywords'}).`,
          );
        return;
      case 'memories-recalled':
        return line(`Remembered: ${event.memories.map((note) => oneLine(note.text)).join(' · ')}`);
      case 'run-finish': {
        if (answerOpen) {
          stdout.write('\n');
          answerOpen = false;
        }
        if (event.reason !== 'complete') stderr.write(`${event.message}\n`);
        if (event.error) stderr.write(`${event.error}\n`);
        if (tokensPerSecond !== null && event.reason === 'complete') stderr.write(`(${tokensPerSecond.toFixed(1)} tokens/s)\n`);
        return;
      }
      case 'workflow-start':
        return line(`Workflow ${event.name}: ${event.steps.length} step${event.steps.length === 1 ? '' : 's'}.`);
      case 'workflow-step':
        if (event.state === 'running') return line(`[${event.index + 1}] ${event.stepType} step…`);
        return line(`[${event.index + 1}] ${event.state}${event.state === 'failed' && event.summary ? `: ${oneLine(event.summary)}` : ''}`);
      case 'workflow-confirmed':
        return line(`Confirm ${event.accepted ? 'accepted' : 'declined'} (--confirm).`);
      case 'workflow-finish':
        return line(event.reason === 'complete' ? `Workflow done.` : `Workflow stopped (${event.reason}): ${event.message}`);
      case 'workflow-confirm':
      case 'knowledge-used':
      case 'user-message':
      case 'timeline-rewound':
      case 'branch-selected':
      case 'conversation-updated':
      case 'run-start':
      case 'thinking-delta':
      case 'tool-progress':
      case 'stack':
      case 'depth-limit':
      case 'question':
      case 'question-answered':
        return;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  };

  return {
    events(batch) {
      for (const event of batch) show(event);
    },
    note: line,
  };
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
}

/** The event as JSON with `type` as its first key. */
export function jsonLine(event: TacoEvent): string {
  const { type, ...rest } = event;
  return JSON.stringify({ type, ...rest });
}
