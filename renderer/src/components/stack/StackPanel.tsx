import { useCallback, useMemo } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { useNow } from '../../hooks/use-now';
import type { ToolOutcome, ToolProgressView } from '../../store/events/conversation-view';
import { selectActiveView } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import type { JsonObject } from '../../../../shared/json';
import { buildFrameTree } from './frame-tree';
import { StackFrameNode } from './StackFrameNode';

/** The live tool stack beside the chat: frames nested under their parents, depth against the limit; collapsible. */
export function StackPanel() {
  const view = useTaco(selectActiveView);
  const collapsed = useTaco((state) => state.panelCollapsed);
  const togglePanel = useTaco((state) => state.togglePanel);
  const limit = useTaco((state) => view.stack.depthLimit ?? state.settings?.limits.depthLimit ?? DEFAULTS.depthLimit);

  const entries = view.stack.entries;
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
    <aside
      className={`stack-panel${collapsed ? ' collapsed' : ''}`}
      role="complementary"
      aria-label="Tool stack"
      data-testid="stack-panel"
      data-collapsed={collapsed}
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
          onClick={togglePanel}
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
  );
}
