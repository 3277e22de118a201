import { useEffect, useRef, useState, type RefObject } from 'react';
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { DEFAULTS } from '../../../../../shared/constants';
import type { McpAppOpened } from '../../../../../shared/mcp/mcp-apps';
import { BudgetedTransport } from './budgeted-transport';
import { appContextText } from './app-context-text';

export type McpAppBridgeState = { type: 'starting' } | { type: 'running' } | { type: 'stopped'; reason: string };

/** What the app may ask of the window, each answered by main (tool calls, context) or by the window's own rules (links). */
export interface McpAppHost {
  callTool(
    name: string,
    args: Record<string, unknown> | undefined,
  ): Promise<{ ok: true; result: unknown } | { ok: false; message: string }>;
  updateContext(text: string): Promise<{ accepted: boolean; message: string | null }>;
  openLink(url: string): Promise<{ opened: boolean; message: string | null }>;
  theme: 'light' | 'dark';
}

const CAPS = DEFAULTS.mcpApps;

/**
 * The SDK's host side of an MCP App (`AppBridge` over `PostMessageTransport`, both from
 * @modelcontextprotocol/ext-apps) between this window and the app frame's page. The bridge hands
 * the page main's document once the page is ready, then the call's input and result once the app
 * initialised. Only what TACO offers is answered: tools/call, update-model-context and open-link
 * go to `host`; a `ui/message` is refused; anything else the SDK answers "method not found". The
 * transport counts the frame's messages and cuts the app off past `bridgeMessageBudget`.
 */
export function useMcpAppBridge(
  frameRef: RefObject<HTMLIFrameElement | null>,
  app: McpAppOpened,
  host: McpAppHost,
): { state: McpAppBridgeState; heightPx: number; context: string | null } {
  const [state, setState] = useState<McpAppBridgeState>({ type: 'starting' });
  const [heightPx, setHeightPx] = useState<number>(CAPS.inlineHeightPx);
  const [context, setContext] = useState<string | null>(null);
  const hostRef = useRef(host);
  hostRef.current = host;
  const bridgeRef = useRef<AppBridge | null>(null);

  useEffect(() => {
    const frameWindow = frameRef.current?.contentWindow;
    if (!frameWindow) return;
    let closed = false;
    const stop = (reason: string): void => {
      if (closed) return;
      closed = true;
      setState({ type: 'stopped', reason });
    };
    const bridge = new AppBridge(
      null,
      { name: 'TACO', version: '1' },
      { openLinks: {}, serverTools: {}, updateModelContext: { text: {}, structuredContent: {} }, logging: {} },
      { hostContext: { theme: hostRef.current.theme, displayMode: 'inline', availableDisplayModes: ['inline'], platform: 'desktop' } },
    );
    bridgeRef.current = bridge;
    bridge.onsandboxready = () => void bridge.sendSandboxResourceReady({ html: app.document });
    bridge.oninitialized = () => {
      setState({ type: 'running' });
      void bridge.sendToolInput({ arguments: app.input });
      void bridge.sendToolResult({ ...app.result, content: app.result.content as never });
    };
    bridge.onsizechange = (size) => {
      if (typeof size.height === 'number' && Number.isFinite(size.height))
        setHeightPx(Math.max(80, Math.min(CAPS.maxHeightPx, Math.round(size.height))));
    };
    bridge.oncalltool = async (params) => {
      const answer = await hostRef.current.callTool(params.name, params.arguments as Record<string, unknown> | undefined);
      if (!answer.ok) throw new Error(answer.message);
      return answer.result as never;
    };
    bridge.onupdatemodelcontext = async (params) => {
      const text = appContextText(params);
      const answer = await hostRef.current.updateContext(text);
      if (!answer.accepted) throw new Error(answer.message ?? 'TACO did not take the context.');
      setContext(text);
      return {};
    };
    bridge.onopenlink = async ({ url }) => {
      const answer = await hostRef.current.openLink(url);
      return answer.opened ? {} : { isError: true };
    };
    bridge.onmessage = async () => ({ isError: true });
    bridge.onrequestdisplaymode = async () => ({ mode: 'inline' });
    const transport = new BudgetedTransport(new PostMessageTransport(frameWindow, frameWindow), CAPS.bridgeMessageBudget, () =>
      stop(`App stopped: it sent more than ${CAPS.bridgeMessageBudget} messages.`),
    );
    void bridge
      .connect(transport)
      .catch((error: unknown) => stop(`App stopped: ${error instanceof Error ? error.message : String(error)}`));
    return () => {
      closed = true;
      bridgeRef.current = null;
      void bridge.close().catch(() => undefined);
    };
    // The bridge lives as long as this app and its frame; the host's callbacks are read through hostRef.
  }, [app, frameRef]);

  // The window's theme follows the user; the app is told (ui/notifications/host-context-changed).
  useEffect(() => {
    if (state.type === 'running') void bridgeRef.current?.sendHostContextChange({ theme: host.theme });
  }, [host.theme, state.type]);

  return { state, heightPx, context };
}
