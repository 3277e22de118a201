import { useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULTS } from '../../../../../shared/constants';
import type { McpAppOpened } from '../../../../../shared/mcp/mcp-apps';
import { useTaco } from '../../../store/store-context';
import { useFrameFocusGuard } from '../../artifacts/use-frame-focus-guard';
import { useResolvedTheme } from '../../markdown/diagrams/use-resolved-theme';
import { mcpAppFrameUrl } from './mcp-app-frame-url';
import { offerAppFocus } from './app-focus-return';
import { useMcpAppBridge, type McpAppHost } from './use-mcp-app-bridge';

interface Props {
  conversationId: string;
  callId: string;
  /** The tool as the catalogue names it (mcp__server__tool). */
  tool: string;
  /** The tool's name as the row shows it. */
  toolName: string;
}

type Opening = { type: 'opening' } | { type: 'opened'; app: McpAppOpened } | { type: 'none' } | { type: 'unavailable'; reason: string };

/**
 * An MCP tool's app, inline under its call (main decides whether the tool has one): main opens it (the checked document and its policy),
 * the app frame shows it, and the SDK's bridge carries its requests to main. "Expand" makes it
 * as tall as it asks; closing it ends the bridge.
 */
export function McpAppView({ conversationId, callId, tool, toolName }: Props) {
  const openMcpApp = useTaco((state) => state.openMcpApp);
  const closeMcpApp = useTaco((state) => state.closeMcpApp);
  const [opening, setOpening] = useState<Opening>({ type: 'opening' });
  const [run, setRun] = useState(0);

  useEffect(() => {
    let live = true;
    let appId: string | null = null;
    setOpening({ type: 'opening' });
    void openMcpApp(conversationId, callId, tool).then((answer) => {
      if (answer.type === 'opened') appId = answer.app.appId;
      if (!live) {
        if (appId) closeMcpApp(appId);
        return;
      }
      setOpening(answer.type === 'opened' ? { type: 'opened', app: answer.app } : answer);
    });
    return () => {
      live = false;
      if (appId) closeMcpApp(appId);
    };
  }, [conversationId, callId, tool, run, openMcpApp, closeMcpApp]);

  // Most MCP tools have no app: nothing is shown while main says so.
  if (opening.type === 'opening' || opening.type === 'none') return null;
  if (opening.type === 'unavailable')
    return (
      <div className="mcp-app" data-testid="mcp-app" data-state="unavailable" role="status">
        <p>{opening.reason}</p>
      </div>
    );
  return (
    <McpAppFrame
      key={opening.app.appId}
      app={opening.app}
      callId={callId}
      toolName={toolName}
      onRestart={() => setRun((count) => count + 1)}
    />
  );
}

function McpAppFrame({ app, callId, toolName, onRestart }: { app: McpAppOpened; callId: string; toolName: string; onRestart: () => void }) {
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const callMcpAppTool = useTaco((state) => state.callMcpAppTool);
  const updateMcpAppContext = useTaco((state) => state.updateMcpAppContext);
  const openLink = useTaco((state) => state.openLink);
  const theme = useResolvedTheme();
  const { engaged, engage } = useFrameFocusGuard(frameRef);
  const [expanded, setExpanded] = useState(false);
  const src = useMemo(() => mcpAppFrameUrl(), []);
  // The cards of this app's own calls hand the user back here once answered.
  useEffect(() => offerAppFocus(callId, engage), [callId, engage]);
  const engagedRef = useRef(engaged);
  engagedRef.current = engaged;
  const host: McpAppHost = {
    theme,
    async callTool(name, args) {
      const answer = await callMcpAppTool(app.appId, name, args);
      return answer.type === 'result' ? { ok: true, result: answer.result } : { ok: false, message: answer.message };
    },
    updateContext: (text) => updateMcpAppContext(app.appId, text),
    async openLink(url) {
      // A link opens only from an app the user is working in, and only through the window's own link rule (main's guard).
      if (!engagedRef.current) return { opened: false, message: 'Click the app before it opens a link.' };
      await openLink(url);
      return { opened: true, message: null };
    },
  };
  const { state, heightPx, context } = useMcpAppBridge(frameRef, app, host);
  useEffect(() => {
    frameRef.current?.contentWindow?.postMessage({ type: 'inert', inert: !engaged }, '*');
  }, [engaged, state.type]);

  if (state.type === 'stopped')
    return (
      <div className="mcp-app artifact-stopped" data-testid="mcp-app" data-state="stopped" role="status">
        <p>{state.reason}</p>
        <button type="button" className="button" onClick={onRestart}>
          Run again
        </button>
      </div>
    );
  return (
    <div className="mcp-app" data-testid="mcp-app" data-state={state.type}>
      <div className="mcp-app-head">
        <span className="detail-label">App of {toolName}</span>
        <button type="button" className="button small" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Collapse' : 'Expand'}
        </button>
      </div>
      <div
        className="artifact-frame-box mcp-app-box"
        data-engaged={engaged ? 'yes' : 'no'}
        style={{ height: expanded ? heightPx : Math.min(heightPx, DEFAULTS.mcpApps.inlineHeightPx) }}
        onPointerDown={engaged ? undefined : engage}
        onMouseDown={(event) => event.preventDefault()}
      >
        <iframe
          ref={frameRef}
          className="artifact-frame"
          data-testid="mcp-app-frame"
          title={`App of ${toolName}`}
          src={src}
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          allow="focus-without-user-activation 'none'"
          inert={!engaged}
        />
        {!engaged && (
          <button type="button" className="artifact-interact" data-testid="mcp-app-interact" onClick={engage}>
            <span className="artifact-interact-hint">Click to interact</span>
          </button>
        )}
      </div>
      {context !== null && (
        <p className="mcp-app-context" data-testid="mcp-app-context">
          For the model’s next turn: {context}
        </p>
      )}
    </div>
  );
}
