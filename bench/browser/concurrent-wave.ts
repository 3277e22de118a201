/**
 * One wave of concurrent conversations, watched from the events a WebSocket client of the web
 * host receives (the host sends every client every conversation's events). The fake server's
 * concurrent-tasks model asks the user first; the watcher answers only once every conversation
 * of the wave has asked (a barrier, as in `electron/hosts/web/concurrent-conversations.test.ts`),
 * so the rest — three `calculate` calls and the streamed text around them — runs in all of them
 * at once. The watcher then checks from the events that it did.
 */
import type { TacoEvent } from '../../shared/contract/events';
import { taskNumberOf } from '../../test-support/fake-ollama/scenarios/tools/concurrent-tasks';
import type { WsBenchClient } from '../services/ws-bench-client';

interface Progress {
  conversationId: string;
  questionId: string | null;
  /** performance.now() of the first text-delta after the barrier. */
  streamingAt: number | null;
  finishedAt: number | null;
  reason: string | null;
}

export interface WaveReport {
  conversations: number;
  /** How long every conversation of the wave was streaming at the same time (ms, > 0). */
  overlapMs: number;
  /** Barrier to the last run-finish (ms). */
  spanMs: number;
}

export interface WaveWatch {
  /** Resolves when every conversation finished, streaming at once; rejects otherwise. */
  done: Promise<WaveReport>;
  stop(): void;
}

/** Watches the conversations whose first message is "task N" for each N of `tasks`. */
export function watchWave(client: WsBenchClient, tasks: readonly number[], timeoutMs: number): WaveWatch {
  const byTask = new Map<number, Progress>();
  const byConversation = new Map<string, Progress>();
  let barrierAt: number | null = null;
  let settle: { done: (report: WaveReport) => void; fail: (error: Error) => void } | null = null;
  const done = new Promise<WaveReport>((resolve, reject) => {
    settle = { done: resolve, fail: reject };
  });
  // A wave stopped after its caller gave up on it rejects with no one waiting: not a crash.
  done.catch(() => undefined);
  const timer = setTimeout(() => finish(new Error(`the wave did not finish within ${timeoutMs} ms (${describe()})`)), timeoutMs);

  function describe(): string {
    const progress = [...byTask.values()];
    return `${progress.length} of ${tasks.length} started, ${progress.filter((one) => one.questionId).length} asked, ${progress.filter((one) => one.finishedAt !== null).length} finished`;
  }

  function finish(outcome: WaveReport | Error): void {
    clearTimeout(timer);
    unsubscribe();
    if (outcome instanceof Error) settle?.fail(outcome);
    else settle?.done(outcome);
    settle = null;
  }

  function note(event: TacoEvent, at: number): void {
    if (event.type === 'user-message') {
      const task = taskNumberOf(event.text);
      if (!tasks.includes(task) || byTask.has(task)) return;
      const progress: Progress = {
        conversationId: event.conversationId,
        questionId: null,
        streamingAt: null,
        finishedAt: null,
        reason: null,
      };
      byTask.set(task, progress);
      byConversation.set(event.conversationId, progress);
      return;
    }
    const progress = 'conversationId' in event ? byConversation.get(event.conversationId) : undefined;
    if (!progress) return;
    if (event.type === 'question') progress.questionId = event.questionId;
    if (event.type === 'text-delta' && barrierAt !== null && progress.streamingAt === null) progress.streamingAt = at;
    if (event.type === 'run-finish') {
      progress.finishedAt = at;
      progress.reason = event.reason;
    }
  }

  function openBarrier(at: number): void {
    barrierAt = at;
    for (const progress of byTask.values()) {
      void client.call('question.answer', { questionId: progress.questionId, answer: 'go on' }).catch((error: unknown) => {
        finish(new Error(`answering a question failed: ${error instanceof Error ? error.message : String(error)}`));
      });
    }
  }

  function verdict(): WaveReport | Error {
    const progress = [...byTask.values()];
    const failed = progress.find((one) => one.reason !== 'complete');
    if (failed) return new Error(`a run ended with ${failed.reason ?? 'nothing'}`);
    const streaming = progress.map((one) => one.streamingAt ?? Number.POSITIVE_INFINITY);
    const finished = progress.map((one) => one.finishedAt ?? 0);
    const overlapMs = Math.min(...finished) - Math.max(...streaming);
    if (!(overlapMs > 0)) return new Error(`the ${tasks.length} conversations were never all streaming at once (${describe()})`);
    return { conversations: progress.length, overlapMs, spanMs: Math.max(...finished) - (barrierAt ?? 0) };
  }

  const unsubscribe = client.onEvents((events, at) => {
    for (const event of events) note(event, at);
    const progress = [...byTask.values()];
    if (progress.length < tasks.length) return;
    if (barrierAt === null && progress.every((one) => one.questionId !== null)) {
      if (progress.some((one) => one.finishedAt !== null))
        finish(new Error(`a run finished before every conversation asked (${describe()})`));
      else openBarrier(at);
      return;
    }
    if (barrierAt !== null && progress.every((one) => one.finishedAt !== null)) finish(verdict());
  });

  return { done, stop: () => finish(new Error('stopped')) };
}
