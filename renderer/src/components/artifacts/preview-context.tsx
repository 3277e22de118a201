import { createContext, useContext, type ReactNode } from 'react';
import { useTaco } from '../../store/store-context';

type OpenPreview = (language: string, code: string) => void;

const PreviewContext = createContext<OpenPreview | null>(null);

/** Code blocks inside get "Preview" (the conversation's answers; not the Documents browser, not the pane itself). */
export function ArtifactPreviewProvider({ children }: { children: ReactNode }) {
  const open = useTaco((state) => state.openArtifactPreview);
  return <PreviewContext.Provider value={open}>{children}</PreviewContext.Provider>;
}

/** The Preview opener, or null where code blocks get none. */
export function useArtifactPreviewOpener(): OpenPreview | null {
  return useContext(PreviewContext);
}

/** Code blocks inside get no Preview (the pane's own markdown preview). */
export function NoArtifactPreview({ children }: { children: ReactNode }) {
  return <PreviewContext.Provider value={null}>{children}</PreviewContext.Provider>;
}
