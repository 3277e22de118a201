import type { SliceCreator } from '../store-types';

/** The code block whose Preview was pressed, in the conversation it was pressed in. */
export interface ArtifactPreviewRequest {
  conversationId: string | null;
  language: string;
  code: string;
}

/** The artifact preview pane beside the conversation (renderer/src/components/artifacts). */
export interface ArtifactsSlice {
  artifactPreview: ArtifactPreviewRequest | null;
  openArtifactPreview(language: string, code: string): void;
  closeArtifactPreview(): void;
  /** Main's bounded diff of two versions; null after reporting a failed call. */
  artifactDiff(name: string, before: string, after: string): Promise<string | null>;
}

export const createArtifactsSlice: SliceCreator<ArtifactsSlice> = (set, get, { api }) => ({
  artifactPreview: null,
  openArtifactPreview(language, code) {
    set({ artifactPreview: { conversationId: get().activeConversationId, language, code } });
  },
  closeArtifactPreview() {
    set({ artifactPreview: null });
  },
  async artifactDiff(name, before, after) {
    try {
      return (await api.call('artifacts.diff', { name, before, after })).diff;
    } catch (error) {
      get().reportError(error);
      return null;
    }
  },
});

declare module '../store-types' {
  interface TacoState extends ArtifactsSlice {}
}
