import type { ModelInfo } from '../../../shared/models/models';
import { emptyView, type ConversationView, type OfferedView } from './events/conversation-view';
import type { TacoState } from './store-types';

const DRAFT_VIEW = emptyView(null);

/** The view of the open conversation; an empty one for a new chat. Stable while nothing changes. */
export function selectActiveView(
  state: Pick<TacoState, 'activeConversationId' | 'views'> & Partial<Pick<TacoState, 'draftView'>>,
): ConversationView {
  const id = state.activeConversationId;
  if (id === null) return state.draftView ?? DRAFT_VIEW;
  return state.views[id] ?? DRAFT_VIEW;
}

export function selectSelectedModelInfo(state: Pick<TacoState, 'models' | 'selectedModel'>): ModelInfo | null {
  if (state.models?.type !== 'ok') return null;
  return state.models.models.find((model) => model.name === state.selectedModel) ?? null;
}

/** The tools the open conversation's latest model request carried (null before any run offered tools). Stable while nothing changes. */
export function selectLastOffered(state: Pick<TacoState, 'activeConversationId' | 'views'>): OfferedView | null {
  const { items } = selectActiveView(state);
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const item = items[i];
    if (item?.type === 'assistant' && item.offered) return item.offered;
  }
  return null;
}

/**
 * True while the open conversation's run waits for the user: an approval, a question, the depth
 * prompt or a workflow's confirm step not yet answered. Esc never stops such a run (Stop does):
 * one stray key must not discard what the user was about to decide.
 */
export function selectAwaitingUser(state: Pick<TacoState, 'activeConversationId' | 'views'>): boolean {
  const view = selectActiveView(state);
  if (!view.running) return false;
  for (const item of view.items) {
    if (item.type !== 'assistant') continue;
    if (item.workflow?.confirm && item.workflow.confirm.accepted === null && item.workflow.finish === null) return true;
    for (const part of item.parts) {
      if (part.type === 'approval' && part.resolution === null) return true;
      if (part.type === 'question' && part.answer === null) return true;
      if (part.type === 'depth' && part.decision === null) return true;
    }
  }
  return false;
}
