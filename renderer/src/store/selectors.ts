import type { ModelInfo } from '../../../shared/models';
import { emptyView, type ConversationView } from './events/conversation-view';
import type { TacoState } from './store-types';

const DRAFT_VIEW = emptyView(null);

/** The view of the open conversation; an empty one for a new chat. Stable while nothing changes. */
export function selectActiveView(state: Pick<TacoState, 'activeConversationId' | 'views'>): ConversationView {
  const id = state.activeConversationId;
  return (id !== null ? state.views[id] : undefined) ?? DRAFT_VIEW;
}

export function selectSelectedModelInfo(state: Pick<TacoState, 'models' | 'selectedModel'>): ModelInfo | null {
  if (state.models?.type !== 'ok') return null;
  return state.models.models.find((model) => model.name === state.selectedModel) ?? null;
}
