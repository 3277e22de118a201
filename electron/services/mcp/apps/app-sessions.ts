import { randomUUID } from 'node:crypto';
import { DEFAULTS } from '../../../../shared/constants';
import type { AttachedResource } from '../../../../shared/mcp/mcp-resources';

/** An app main opened for one MCP tool call, and what it has spent. */
export interface OpenApp {
  appId: string;
  conversationId: string;
  /** The run whose call the app belongs to: its approval cards are drawn in that turn. */
  runId: string;
  callId: string;
  server: string;
  /** The tool as its server names it. */
  tool: string;
  resourceUri: string;
  /** Requests the app made of main so far (`callBudget`). */
  requests: number;
}

export type Charge = { type: 'ok'; app: OpenApp } | { type: 'unknown' } | { type: 'exhausted'; app: OpenApp };

export interface AppSessions {
  open(app: Omit<OpenApp, 'appId' | 'requests'>): OpenApp;
  /** Counts one request of the app: refused for an id main never issued (or closed), and once the budget is spent. */
  charge(appId: string): Charge;
  close(appId: string): boolean;
  /** The app's context for the model's next turn: the newest replaces the one before. */
  setContext(app: OpenApp, text: string): { truncated: boolean };
  /** The contexts the conversation's apps left since its last message, as resources of the next one (then forgotten). */
  takeContexts(conversationId: string): AttachedResource[];
}

/**
 * The apps open in this window, by an id main issues (never the window's word): each bound to
 * its conversation, run, call and server, with the requests it may still make. Opening more than
 * `maxOpenApps` forgets the oldest, whose requests are then refused.
 */
export function createAppSessions(newId: () => string = randomUUID): AppSessions {
  const apps = new Map<string, OpenApp>();
  const contexts = new Map<string, { conversationId: string; resource: AttachedResource }>();
  const caps = DEFAULTS.mcpApps;
  return {
    open(fields) {
      const app: OpenApp = { ...fields, appId: newId(), requests: 0 };
      apps.set(app.appId, app);
      while (apps.size > caps.maxOpenApps) {
        const oldest = apps.keys().next();
        if (oldest.done) break;
        apps.delete(oldest.value);
      }
      return app;
    },
    charge(appId) {
      const app = apps.get(appId);
      if (!app) return { type: 'unknown' };
      if (app.requests >= caps.callBudget) return { type: 'exhausted', app };
      app.requests += 1;
      return { type: 'ok', app };
    },
    close: (appId) => apps.delete(appId),
    setContext(app, text) {
      const truncated = text.length > caps.maxContextChars;
      contexts.set(app.appId, {
        conversationId: app.conversationId,
        resource: {
          server: app.server,
          uri: app.resourceUri,
          name: `Context from the app of ${app.tool}`,
          mimeType: 'text/plain',
          text: truncated ? text.slice(0, caps.maxContextChars) : text,
          truncated,
        },
      });
      return { truncated };
    },
    takeContexts(conversationId) {
      const taken: AttachedResource[] = [];
      for (const [appId, entry] of contexts)
        if (entry.conversationId === conversationId) {
          taken.push(entry.resource);
          contexts.delete(appId);
        }
      return taken;
    },
  };
}
