import { describe, expect, it } from 'vitest';
import type { ModelEvent } from '../../../../shared/contract/events';
import type { McpElicitationRequest } from '../../../../shared/mcp/mcp-elicitation';
import { everythingServer, MCP_TEST_TIMEOUT_MS } from '../../../../test-support/mcp/mcp-test-servers';
import { mcpHarnessesClosedAfterEach } from '../testing/mcp-harness';

const { harness } = mcpHarnessesClosedAfterEach();
const TOOL = 'mcp__everything__trigger-elicitation-request';

/** The service's model events, and a wait for the next one of a type (no polling). */
function watch(subscribe: (listener: (event: ModelEvent) => void) => () => void) {
  const seen: ModelEvent[] = [];
  const waiters = new Set<() => void>();
  subscribe((event) => {
    seen.push(event);
    for (const wake of [...waiters]) wake();
  });
  const next = <T extends ModelEvent['type']>(type: T): Promise<Extract<ModelEvent, { type: T }>> =>
    new Promise((resolve) => {
      const check = (): void => {
        const found = seen.find((event) => event.type === type);
        if (!found) return;
        waiters.delete(check);
        seen.splice(seen.indexOf(found), 1);
        resolve(found as Extract<ModelEvent, { type: T }>);
      };
      waiters.add(check);
      check();
    });
  return { next };
}

// server-everything's trigger-elicitation-request (node_modules/@modelcontextprotocol/server-everything/dist/tools/trigger-elicitation-request.js)
// asks for a form of every field kind; "name" is required and has no default.
describe(
  'elicitation: a real server’s form reaches the conversation of the call and the answer goes back',
  { timeout: MCP_TEST_TIMEOUT_MS },
  () => {
    it('draws the form with the schema’s defaults, refuses content the form does not allow, and sends an accepted form', async () => {
      const h = harness({ everything: everythingServer({ approval: 'never-ask' }) });
      const events = watch(h.service.subscribe);
      await h.waitFor('everything', (view) => view.tools.some((tool) => tool.qualifiedName === TOOL));
      const call = h.run(TOOL, {}, { conversationId: 'c-1', runId: 'r-1', callId: 'call-1' });
      const { request } = await events.next('mcp-elicitation');
      expect(request).toMatchObject({ conversationId: 'c-1', runId: 'r-1', callId: 'call-1', server: 'everything' });
      const byKey = new Map(request.fields.map((field) => [field.key, field]));
      expect(byKey.get('name')?.param).toMatchObject({ type: 'string', required: true, label: 'String' });
      expect(byKey.get('firstLine')?.param.default).toBe('It was a dark and stormy night.');
      expect(byKey.get('integer')).toMatchObject({ integer: true, param: { type: 'number', min: 1, max: 100, default: 42 } });
      expect(byKey.get('titledSingleSelectEnum')?.param).toMatchObject({
        type: 'enum',
        options: ['hero-1', 'hero-2', 'hero-3'],
        default: 'hero-1',
      });
      expect(byKey.get('birthdate')?.param.type).toBe('date');
      expect(byKey.has('untitledMultipleSelectEnum')).toBe(false);

      expect(h.service.answerElicitation(request.elicitationId, 'accept', { integer: 7 })).toEqual({
        accepted: false,
        message: 'String is required.',
      });
      expect(h.service.answerElicitation(request.elicitationId, 'accept', { name: 'Ada', integer: 7.5 })).toMatchObject({
        accepted: false,
      });
      expect(h.service.answerElicitation(request.elicitationId, 'accept', { name: 'Ada', integer: 700 })).toMatchObject({
        accepted: false,
      });
      expect(h.service.answerElicitation(request.elicitationId, 'accept', { name: 'Ada', sneaky: 'x' })).toMatchObject({ accepted: false });
      expect(h.service.pendingElicitations('c-1').map((each: McpElicitationRequest) => each.elicitationId)).toEqual([
        request.elicitationId,
      ]);

      expect(h.service.answerElicitation(request.elicitationId, 'accept', { name: 'Ada', integer: 7 })).toEqual({
        accepted: true,
        message: null,
      });
      await expect(events.next('mcp-elicitation-closed')).resolves.toMatchObject({
        elicitationId: request.elicitationId,
        action: 'accept',
      });
      const outcome = await call;
      expect(outcome).toMatchObject({ type: 'result' });
      const output = outcome.type === 'result' ? outcome.output : '';
      expect(output).toContain('- Name: Ada');
      expect(output).toContain('- Favorite Integer: 7');
      // SEP-1034: what the user left out is sent with the schema's default.
      expect(output).toContain('- Favorite Number: 3.14');
      expect(h.service.answerElicitation(request.elicitationId, 'decline', undefined)).toMatchObject({ accepted: false });
    });

    it('decline goes back to the server; Stop withdraws an open form as cancel', async () => {
      const h = harness({ everything: everythingServer({ approval: 'never-ask' }) });
      const events = watch(h.service.subscribe);
      await h.waitFor('everything', (view) => view.tools.some((tool) => tool.qualifiedName === TOOL));
      const declined = h.run(TOOL, {}, { conversationId: 'c-2' });
      const first = await events.next('mcp-elicitation');
      h.service.answerElicitation(first.request.elicitationId, 'decline', undefined);
      await expect(events.next('mcp-elicitation-closed')).resolves.toMatchObject({ action: 'decline' });
      await expect(declined).resolves.toMatchObject({ output: expect.stringContaining('User declined') });

      const controller = new AbortController();
      const stopped = h.run(TOOL, {}, { conversationId: 'c-2', signal: controller.signal });
      const rejected = expect(stopped).rejects.toThrow();
      const second = await events.next('mcp-elicitation');
      controller.abort(new Error('Stopped by the user'));
      await expect(events.next('mcp-elicitation-closed')).resolves.toMatchObject({
        elicitationId: second.request.elicitationId,
        action: 'cancel',
      });
      await rejected;
      expect(h.service.pendingElicitations('c-2')).toEqual([]);
    });

    it('unattended (the CLI): defaults fill the form when they cover what it requires, else it is declined', async () => {
      const h = harness({ everything: everythingServer({ approval: 'never-ask' }) }, { unattendedElicitation: 'defaults' });
      await h.waitFor('everything', (view) => view.tools.some((tool) => tool.qualifiedName === TOOL));
      // "name" is required without a default: nothing can accept for the user.
      await expect(h.run(TOOL, {})).resolves.toMatchObject({ output: expect.stringContaining('User declined') });
    });
  },
);
