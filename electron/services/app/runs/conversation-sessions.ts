import type { EventOf, TacoEvent } from '../../../../shared/contract/events';
import type { ToolStack } from '../../orchestration/orchestration-types';

export interface ActiveRun {
  runId: string;
  conversationId: string;
  model: string;
  goal: string;
  controller: AbortController;
  /** Resolves with the run's `run-finish` (real or synthesised); never rejects. */
  finished: Promise<EventOf<'run-finish'>>;
}

export interface PendingQuestion {
  questionId: string;
  runId: string;
  question: string;
}

/** What main keeps about one conversation while the app runs. */
export interface ConversationSession {
  readonly conversationId: string;
  /** The conversation's tool stack: it outlives a run while frames wait for the user. */
  readonly stack: ToolStack;
  /** Tools the user allowed for this conversation ("Allow for this conversation"). */
  readonly allowedForConversation: Set<string>;
  activeRun: ActiveRun | null;
  lastRunId: string | null;
  /** The goal of the last run: /status shows it, Continue repeats it. */
  lastGoal: string | null;
  lastModel: string | null;
  /** A `question` the user has not answered yet. */
  pendingQuestion: PendingQuestion | null;
  /** "Continue with current task? (y/n)" was asked and not answered yet. */
  awaitingContinueAnswer: boolean;
  /** The tools the last model request offered, in order: the next run starts with them (the server's prompt cache). */
  offeredTools: string[];
}

export interface SessionRegistry {
  get(conversationId: string): ConversationSession;
  find(conversationId: string): ConversationSession | undefined;
  findRun(runId: string): ActiveRun | undefined;
  all(): ConversationSession[];
  /** Drops everything kept about a deleted conversation. */
  forget(conversationId: string): void;
  /** Keeps pending questions in step with the events that flow. */
  observe(event: TacoEvent): void;
}

export function createSessionRegistry(createStack: () => ToolStack): SessionRegistry {
  const sessions = new Map<string, ConversationSession>();

  const get = (conversationId: string): ConversationSession => {
    const existing = sessions.get(conversationId);
    if (existing) return existing;
    const session: ConversationSession = {
      conversationId,
      stack: createStack(),
      allowedForConversation: new Set(),
      activeRun: null,
      lastRunId: null,
      lastGoal: null,
      lastModel: null,
      pendingQuestion: null,
      awaitingContinueAnswer: false,
      offeredTools: [],
    };
    sessions.set(conversationId, session);
    return session;
  };

  return {
    get,
    find: (conversationId) => sessions.get(conversationId),
    findRun(runId) {
      for (const session of sessions.values()) if (session.activeRun?.runId === runId) return session.activeRun;
      return undefined;
    },
    all: () => [...sessions.values()],
    forget(conversationId) {
      sessions.delete(conversationId);
    },
    observe(event) {
      switch (event.type) {
        case 'question':
          get(event.conversationId).pendingQuestion = { questionId: event.questionId, runId: event.runId, question: event.question };
          return;
        case 'question-answered': {
          const session = sessions.get(event.conversationId);
          if (session?.pendingQuestion?.questionId === event.questionId) session.pendingQuestion = null;
          return;
        }
        case 'tools-offered': {
          const session = sessions.get(event.conversationId);
          if (session) session.offeredTools = event.offered;
          return;
        }
        case 'run-finish': {
          const session = sessions.get(event.conversationId);
          if (session?.pendingQuestion?.runId === event.runId) session.pendingQuestion = null;
          return;
        }
        default:
          return;
      }
    },
  };
}
