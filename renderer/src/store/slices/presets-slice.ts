import type { EnhancedPromptView, SystemPromptPreset } from '../../../../shared/conversations/system-prompts';
import type { SliceCreator } from '../store-types';

/** The system prompt library as the renderer sees it: main owns the presets and builds every view. */
export interface PresetsSlice {
  /** Null until `systemPrompts.list` answered. */
  presets: SystemPromptPreset[] | null;
  /** "What the model sees" for a conversation, while that view is open. */
  systemView: { conversationId: string; view: EnhancedPromptView } | null;
  loadPresets(): Promise<void>;
  /** A new conversation with the preset's prompt, options and default model, opened at once. */
  startFromPreset(presetId: string): Promise<void>;
  openSystemView(conversationId: string): Promise<void>;
  closeSystemView(): void;
}

export const createPresetsSlice: SliceCreator<PresetsSlice> = (set, get, { api }) => ({
  presets: null,
  systemView: null,
  async loadPresets() {
    try {
      set({ presets: await api.call('systemPrompts.list', {}) });
    } catch (error) {
      get().reportError(error);
    }
  },
  async startFromPreset(presetId) {
    try {
      const created = await api.call('conversation.createFromPreset', { presetId, model: null });
      await get().openConversation(created.conversationId);
    } catch (error) {
      get().reportError(error);
    }
  },
  async openSystemView(conversationId) {
    try {
      set({ systemView: { conversationId, view: await api.call('conversation.systemView', { conversationId }) } });
    } catch (error) {
      get().reportError(error);
    }
  },
  closeSystemView() {
    set({ systemView: null });
  },
});

declare module '../store-types' {
  interface TacoState extends PresetsSlice {}
}
