import { useEffect, useRef } from 'react';
import { selectActiveView, selectAwaitingUser } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import { dialogOpen } from '../ui/dialog-open';
import { FOCUS_TARGETS, focusTarget } from './focus-targets';
import { platformOf, shortcutFor } from './shortcuts';

/**
 * Ctrl/Cmd+N new chat, Ctrl/Cmd+K search, Ctrl/Cmd+, settings, Esc stops the run (not while it
 * waits for the user's answer). Keys a focused
 * control already handled (it called preventDefault) are left alone, and while a dialog is open
 * only Esc to stop is ignored too (Esc closes the dialog).
 */
export function useGlobalShortcuts(): void {
  const newConversation = useTaco((state) => state.newConversation);
  const setSettingsOpen = useTaco((state) => state.setSettingsOpen);
  const cancelRun = useTaco((state) => state.cancelRun);
  const openWorkflowPicker = useTaco((state) => state.openWorkflowPicker);
  const setSidebarDrawerOpen = useTaco((state) => state.setSidebarDrawerOpen);
  // A run that waits for an approval, a question or the depth prompt is stopped with Stop, not Esc.
  const running = useTaco((state) => selectActiveView(state).running && !selectAwaitingUser(state));
  const runningRef = useRef(running);
  runningRef.current = running;

  useEffect(() => {
    const platform = platformOf(typeof navigator === 'undefined' ? undefined : navigator);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const action = shortcutFor(event, platform);
      if (action === null) return;
      switch (action) {
        case 'stop':
          if (!runningRef.current || dialogOpen()) return;
          event.preventDefault();
          void cancelRun();
          return;
        case 'new-chat':
          event.preventDefault();
          if (dialogOpen()) return;
          newConversation();
          setTimeout(() => focusTarget(FOCUS_TARGETS.composer), 0);
          return;
        case 'search':
          event.preventDefault();
          if (dialogOpen()) return;
          // In the narrow layout the search is in the closed drawer: open it first.
          if (focusTarget(FOCUS_TARGETS.search, true)) return;
          setSidebarDrawerOpen(true);
          setTimeout(() => focusTarget(FOCUS_TARGETS.search, true), 0);
          return;
        case 'settings':
          event.preventDefault();
          if (dialogOpen()) return;
          setSettingsOpen(true);
          return;
        case 'workflows':
          event.preventDefault();
          if (dialogOpen()) return;
          openWorkflowPicker(null, null);
          return;
        default: {
          const unreachable: never = action;
          return unreachable;
        }
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [newConversation, setSettingsOpen, cancelRun, openWorkflowPicker, setSidebarDrawerOpen]);
}
