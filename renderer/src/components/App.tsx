import { Suspense, useEffect } from 'react';
import { useTaco } from '../store/store-context';
import { ArtifactPane } from './artifacts/ArtifactPane';
import { ArtifactPreviewProvider } from './artifacts/preview-context';
import { ChatHeader } from './chat/ChatHeader';
import { Composer } from './composer/Composer';
import { ConnectionBanner } from './ConnectionBanner';
import { LazyCatalogue, LazyModelManagerDialog, LazySettingsDialog } from './lazy-dialogs';
import { useGlobalShortcuts } from './keyboard/use-global-shortcuts';
import { McpBanner } from './mcp/McpBanner';
import { MessageList } from './message-list/MessageList';
import { ElicitationForms } from './mcp/ElicitationForm';
import { ImportedSystemPromptNotice } from './approvals/ImportedSystemPromptNotice';
import { Notices } from './Notices';
import { OllamaBanner } from './OllamaBanner';
import { SidebarRail } from './layout/SidebarRail';
import { useSidebarAsRail } from './layout/use-sidebar-as-rail';
import { Sidebar } from './sidebar/Sidebar';
import { StackPanel } from './stack/StackPanel';
import { SaveAsWorkflowDialog } from './workflows/SaveAsWorkflowDialog';
import { PassageDialog } from './knowledge/PassageDialog';
import { ProjectDialog } from './projects/ProjectDialog';
import { Toaster } from './ui/Toast';
import { WorkflowPicker } from './workflows/WorkflowPicker';

/** Sidebar (a rail and a drawer when narrow), chat column and tool-stack panel; dialogs on top. */
export function App() {
  const catalogueOpen = useTaco((state) => state.catalogueOpen);
  const settingsOpen = useTaco((state) => state.settingsOpen);
  const modelManagerOpen = useTaco((state) => state.modelManagerOpen);
  const workflowDraft = useTaco((state) => state.workflowDraft);
  useGlobalShortcuts();
  const sidebarAsRail = useSidebarAsRail();
  const theme = useTaco((state) => state.themePreview ?? state.settings?.theme ?? 'system');
  const fontSize = useTaco((state) => state.settings?.fontSize ?? null);

  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    document.documentElement.style.fontSize = fontSize ? `${fontSize}px` : '';
  }, [fontSize]);

  return (
    <>
      <div className={`app${sidebarAsRail ? ' sidebar-as-rail' : ''}`}>
        <SidebarRail />
        <Sidebar />
        <main className="chat" aria-label="Chat">
          <ChatHeader />
          <ConnectionBanner />
          <OllamaBanner />
          <McpBanner />
          <ArtifactPreviewProvider>
            <MessageList />
          </ArtifactPreviewProvider>
          <ElicitationForms />
          <ImportedSystemPromptNotice />
          <Notices />
          <Composer />
        </main>
        <ArtifactPane />
        <StackPanel />
        <Suspense fallback={null}>
          {catalogueOpen && <LazyCatalogue />}
          {settingsOpen && <LazySettingsDialog />}
          {modelManagerOpen && <LazyModelManagerDialog />}
        </Suspense>
        <WorkflowPicker />
        <PassageDialog />
        {/* Here, not in the sidebar: the chat header opens it too, and the narrow layout has no sidebar. */}
        <ProjectDialog />
        {workflowDraft !== null && <SaveAsWorkflowDialog key={workflowDraft} />}
      </div>
      {/* Outside the three-column grid: as a grid item the toasts' region took a row and shortened the columns. */}
      <Toaster />
    </>
  );
}
