import type { ReactNode } from 'react';
import { AppearanceSettings } from './AppearanceSettings';
import { ApprovalSettings } from './ApprovalSettings';
import { ConnectionSettings } from './ConnectionSettings';
import { DiagnosticsSettings } from './DiagnosticsSettings';
import { DocumentSettings } from './DocumentSettings';
import { LimitSettings } from './LimitSettings';
import { ToolSelectionSettings } from './ToolSelectionSettings';
import { ModelServersSettings } from './servers/ModelServersSettings';
import type { NumberField, SettingsForm } from './settings-form';
import { WebSearchSettings } from './WebSearchSettings';
import { WorkspaceSettings } from './WorkspaceSettings';

/** What a section of the General settings gets: the form, its change function, and what main refused. */
export interface SectionProps {
  form: SettingsForm;
  change(patch: Partial<SettingsForm>): void;
  error: string | null;
  invalidField: NumberField | null;
}

export interface SettingsSection {
  id: string;
  label: string;
  render(props: SectionProps): ReactNode;
}

/**
 * The General settings, in order: the dialog draws each one and lists it in its section list. A
 * new section is one entry here.
 */
export const GENERAL_SECTIONS: readonly SettingsSection[] = [
  {
    id: 'connection',
    label: 'Ollama',
    render: ({ form, change, error }) => <ConnectionSettings form={form} change={change} error={error} />,
  },
  { id: 'servers', label: 'Model servers', render: () => <ModelServersSettings /> },
  { id: 'workspace', label: 'Workspace', render: ({ form, change }) => <WorkspaceSettings form={form} change={change} /> },
  {
    id: 'limits',
    label: 'Limits',
    render: ({ form, change, invalidField }) => <LimitSettings form={form} change={change} invalidField={invalidField} />,
  },
  {
    id: 'tool-selection',
    label: 'Tool selection',
    render: ({ form, change, invalidField }) => (
      <ToolSelectionSettings form={form} change={change} invalid={invalidField === 'toolBudget'} />
    ),
  },
  { id: 'approvals', label: 'Approvals', render: ({ form, change }) => <ApprovalSettings form={form} change={change} /> },
  { id: 'web-search', label: 'Web search', render: ({ form, change }) => <WebSearchSettings form={form} change={change} /> },
  {
    id: 'file-versions',
    label: 'File versions',
    render: ({ form, change, invalidField }) => (
      <DocumentSettings form={form} change={change} invalid={invalidField === 'versionBudgetMb'} />
    ),
  },
  {
    id: 'appearance',
    label: 'Appearance',
    render: ({ form, change, invalidField }) => <AppearanceSettings form={form} change={change} invalid={invalidField === 'fontSize'} />,
  },
  { id: 'diagnostics', label: 'Diagnostics', render: ({ form, change }) => <DiagnosticsSettings form={form} change={change} /> },
];

/** The section list beside the General settings: a click brings the section into view. */
export function SectionList({ sections }: { sections: readonly SettingsSection[] }) {
  return (
    <nav className="settings-nav" aria-label="Settings sections" data-testid="settings-nav">
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <button
              type="button"
              className="settings-nav-item"
              data-testid={`settings-nav-${section.id}`}
              onClick={() => {
                const target = document.getElementById(`settings-section-${section.id}`);
                target?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
                target?.querySelector<HTMLElement>('input, select, textarea, button')?.focus({ preventScroll: true });
              }}
            >
              {section.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
