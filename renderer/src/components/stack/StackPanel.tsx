import { useCallback, useMemo } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { useMediaQuery } from '../../hooks/use-media-query';
import { useNow } from '../../hooks/use-now';
import type { ToolOutcome, ToolProgressView } from '../../store/events/conversation-view';
import { selectActiveView } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import type { JsonObject } from '../../../../shared/contract/json';
import { buildFrameTree } from './frame-tree';
import { StackFrameNode } from './StackFrameNode';

/**
 * The live tool stack beside the chat: frames nested under their parents, depth against the limit.
 * Until the user chooses, it is a thin rail while the conversation has no frames and opens when
 * tools run. In the narrow layout it stays a rail and its details open over the chat.
 */
export function StackPanel() {
  const view = useTaco(selectActiveView);
  const choice = useTaco((state) => state.panelCollapsed);
  const togglePanel = useTaco((state) => state.togglePanel);
  const drawerOpen = useTaco((state) => state.stackDrawerOpen);
  const setDrawerOpen = useTaco((state) => state.setStackDrawerOpen);
  const narrow = useMediaQuery(DEFAULTS.rendererLayout.narrowQuery);
  const limit = useTaco((state) => view.stack.depthLimit ?? state.settings?.limits.depthLimit ?? DEFAULTS.depthLimit);

  const entries = view.stack.entries;
  const collapsed = narrow ? !drawerOpen : (choice ?? entries.length === 0);
  const toggle = () => (narrow ? setDrawerOpen(!drawerOpen) : togglePanel(collapsed));
  const depth = entries.filter((entry) => entry.active).length;
  const tree = useMemo(() => buildFrameTree(entries), [entries]);
  const now = useNow(depth > 0 && !collapsed);

  const detailsOf = useCallback(
    (callId: string): { args: JsonObject; outcome: ToolOutcome; progress: ToolProgressView | null } | null => {
      for (const item of view.items) {
        if (item.type !== 'assistant') continue;
        for (const part of item.parts)
          if (part.type === 'tool' && part.callId === callId)
            return { args: part.args, outcome: part.outcome, progress: part.progress ?? null };
      }
      return null;
    },
    [view.items],
  );

  return (
    <>
      {narrow && drawerOpen && (
        <button
          type="button"
          className="drawer-backdrop"
          aria-label="Close the tool stack"
          tabIndex={-1}
          onClick={() => setDrawerOpen(false)}
        />
      )}
      <aside
        className={`stack-panel${collapsed ? ' collapsed' : ''}${narrow && !collapsed ? ' drawer' : ''}`}
        role="complementary"
        aria-label="Tool stack"
        data-testid="stack-panel"
        data-collapsed={collapsed}
        onKeyDown={(event) => {
          if (narrow && drawerOpen && event.key === 'Escape') {
            event.preventDefault();
            setDrawerOpen(false);
          }
        }}
      >
        <div className="panel-head">
          <button
            type="button"
            className="icon-button panel-toggle"
            data-testid="stack-panel-toggle"
            aria-expanded={!collapsed}
            aria-controls="stack-panel-body"
            aria-label={collapsed ? 'Show the tool stack' : 'Hide the tool stack'}
            title={collapsed ? 'Show the tool stack' : 'Hide the tool stack'}
            onClick={toggle}
          >
            {collapsed ? '«' : '»'}
          </button>
          {!collapsed && <h2 className="panel-title">Tool stack</h2>}
          <span className={`depth${depth > 0 ? ' depth-active' : ''}`} data-testid="stack-depth" title={`Stack depth ${depth} of ${limit}`}>
            {collapsed ? depth : `${depth} / ${limit}`}
          </span>
        </div>
        {!collapsed && (
          <div id="stack-panel-body" className="panel-body">
            {tree.length === 0 ? (
              <p className="muted small panel-empty">
                No tools running. When the model uses a tool, it appears here while it works, nested under the tool that needed it.
              </p>
            ) : (
              <ul className="frame-tree" aria-label="Frames">
                {tree.map((node) => (
                  <StackFrameNode key={node.entry.frame.frameId} node={node} now={now} detailsOf={detailsOf} />
                ))}
              </ul>
            )}
          </div>
        )}
      </aside>
    </>
  );
}
