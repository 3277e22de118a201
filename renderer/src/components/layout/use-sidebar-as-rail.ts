import { DEFAULTS } from '../../../../shared/constants';
import { useMediaQuery } from '../../hooks/use-media-query';
import { useTaco } from '../../store/store-context';

/**
 * Whether the conversation sidebar is the rail with a drawer: in a narrow window, and in a window
 * too small for sidebar, chat, artifact pane and tool stack side by side while an artifact is open
 * (the panels give way so the chat keeps a usable width).
 */
export function useSidebarAsRail(): boolean {
  const narrow = useMediaQuery(DEFAULTS.rendererLayout.narrowQuery);
  const crowded = useMediaQuery(DEFAULTS.rendererLayout.crowdedByArtifactQuery);
  const artifactOpen = useTaco(
    (state) => state.artifactPreview !== null && state.artifactPreview.conversationId === state.activeConversationId,
  );
  return narrow || (crowded && artifactOpen);
}
