import type { ConversationSummary } from '../../../shared/conversations/conversation';
import type { ModelListResult } from '../../../shared/models/models';
import { modelLabel, type ServerName } from '../../../shared/models/model-label';
import { LOCAL_SERVER_ID, parseModelRef } from '../../../shared/models/model-ref';
import type { Settings } from '../../../shared/settings/settings';

/** Why the selected model cannot answer now. */
export type UnavailableReason = 'offline' | 'turned-off' | 'removed' | 'missing';

/**
 * Whether the selected model can answer: ready, not known yet (no list), or unavailable with
 * words that name its server. A conversation keeps its model when it is unavailable: the composer
 * says so and Send waits for Retry or another model (never a silent switch).
 */
export type ModelAvailability =
  | { type: 'ready' }
  | { type: 'unknown' }
  | { type: 'unavailable'; reason: UnavailableReason; model: string; server: string; message: string };

/** The first server's name when the list does not say it. */
const LOCAL_NAME = 'Ollama';

interface AvailabilityState {
  models: ModelListResult | null;
  selectedModel: string | null;
  settings: Settings | null;
}

/** Display names of every server: the ones the list answered for and the ones in the settings (down, off). */
export function serverNames(state: Pick<AvailabilityState, 'models' | 'settings'>): ServerName[] {
  const listed = state.models?.servers?.map((server) => ({ id: server.serverId, name: server.name })) ?? [];
  const configured = state.settings?.servers?.map((server) => ({ id: server.id, name: server.name })) ?? [];
  return [...listed, ...configured.filter((server) => !listed.some((known) => known.id === server.id))];
}

export function modelAvailability(state: AvailabilityState): ModelAvailability {
  const { models, selectedModel } = state;
  if (selectedModel === null || models === null) return { type: 'unknown' };
  if (models.type === 'ok' && models.models.some((info) => info.name === selectedModel)) return { type: 'ready' };
  const { serverId } = parseModelRef(selectedModel);
  const label = modelLabel(selectedModel, serverNames(state));
  const listed = models.servers?.find((server) => server.serverId === serverId);
  const configured = state.settings?.servers?.find((server) => server.id === serverId);
  const server = serverId === LOCAL_SERVER_ID ? (listed?.name ?? LOCAL_NAME) : (label.server ?? LOCAL_NAME);
  const unavailable = (reason: UnavailableReason, message: string): ModelAvailability => ({
    type: 'unavailable',
    reason,
    model: label.model,
    server,
    message,
  });
  if (serverId !== LOCAL_SERVER_ID && !configured) {
    return unavailable('removed', `The server of “${label.model}” is no longer in Settings`);
  }
  if (configured && !configured.enabled) return unavailable('turned-off', `${server} is turned off in Settings`);
  const down = serverId === LOCAL_SERVER_ID && !models.servers ? models.type !== 'ok' : listed !== undefined && listed.type !== 'ok';
  if (down || (serverId !== LOCAL_SERVER_ID && listed === undefined)) return unavailable('offline', `${server} is offline`);
  return unavailable('missing', `“${label.model}” is no longer on ${server}`);
}

/** The model the open conversation was last run with (its summary), when one is open. */
export function conversationModelOf(
  state: { conversations: readonly ConversationSummary[]; activeConversationId: string | null },
  conversationId = state.activeConversationId,
): string | null {
  if (conversationId === null) return null;
  return state.conversations.find((summary) => summary.conversationId === conversationId)?.model ?? null;
}
