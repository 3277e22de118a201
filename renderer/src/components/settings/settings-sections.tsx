import type { ReactNode } from 'react';
import { AppearanceSettings } from './AppearanceSettings';
import { ApprovalSettings } from './ApprovalSettings';
import { ConnectionSettings } from './ConnectionSettings';
import { DiagnosticsSettings } from './DiagnosticsSettings';
import { DocumentSettings } from './DocumentSettings';
import { LimitSettings } from './LimitSettings';
import { ToolSelectionSettings } from './ToolSelectionSettings';
import { ModelServersSettings } from './servers/ModelServersSettings';
import { BuiltInModelsSettings } from '../engine/BuiltInModelsSettings';
import type { NumberField, SettingsForm } from './settings-form';
import { WebSearchSettings } from './WebSearchSettings';
import { WorkspaceSettings } from './WorkspaceSettings';
import { MemorySettings } from '../memory/MemorySettings';
import { SkillSettings } from '../skills/SkillSettings';
import { KnowledgeSettings } from '../knowledge/KnowledgeSettings';

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
  /** Its fields are not part of the Save form (it has its own buttons, so Enter in them does not save). */
  outsideForm?: true;
  /** The number fields it holds, so a refused one brings its page into view. */
  fields?: readonly NumberField[];
}

/**
 * The settings pages saved with Save, in order (MCP servers and Local API follow them): the
 * dialog lists each one in its sidebar and shows one at a time. A new section is one entry here.
 */
export const GENERAL_SECTIONS: readonly SettingsSection[] = [
  {
    id: 'connection',
    label: 'Ollama',
    render: ({ form, change, error }) => <ConnectionSettings form={form} change={change} error={error} />,
  },
  {
    id: 'servers',
    label: 'Model servers',
    outsideForm: true,
    render: ({ form, change }) => <ModelServersSettings servers={form.servers} onChange={(servers) => change({ servers })} />,
  },
  { id: 'built-in-models', label: 'Built-in models', outsideForm: true, render: () => <BuiltInModelsSettings /> },
  { id: 'workspace', label: 'Workspace', render: ({ form, change }) => <WorkspaceSettings form={form} change={change} /> },
  {
    id: 'limits',
    label: 'Limits',
    fields: ['maxIterations', 'timeoutSeconds', 'maxConsecutiveErrors', 'depthLimit'],
    render: ({ form, change, invalidField }) => <LimitSettings form={form} change={change} invalidField={invalidField} />,
  },
  {
    id: 'tool-selection',
    label: 'Tool selection',
    fields: ['toolBudget'],
    render: ({ form, change, invalidField }) => (
      <ToolSelectionSettings form={form} change={change} invalid={invalidField === 'toolBudget'} />
    ),
  },
  { id: 'skills', label: 'Skills', render: ({ form, change }) => <SkillSettings form={form} change={change} /> },
  { id: 'approvals', label: 'Approvals', render: ({ form, change }) => <ApprovalSettings form={form} change={change} /> },
  // Its notes are saved at once (their own buttons); its saving rule is saved with Save.
  { id: 'memory', label: 'Memory', outsideForm: true, render: ({ form, change }) => <MemorySettings form={form} change={change} /> },
  // Its folders are kept at once (their own buttons); its embedding model is saved with Save.
  {
    id: 'knowledge',
    label: 'Knowledge',
    outsideForm: true,
    render: ({ form, change }) => <KnowledgeSettings form={form} change={change} />,
  },
  { id: 'web-search', label: 'Web search', render: ({ form, change }) => <WebSearchSettings form={form} change={change} /> },
  {
    id: 'file-versions',
    label: 'File versions',
    fields: ['versionBudgetMb'],
    render: ({ form, change, invalidField }) => (
      <DocumentSettings form={form} change={change} invalid={invalidField === 'versionBudgetMb'} />
    ),
  },
  {
    id: 'appearance',
    label: 'Appearance',
    fields: ['fontSize'],
    render: ({ form, change, invalidField }) => <AppearanceSettings form={form} change={change} invalid={invalidField === 'fontSize'} />,
  },
  { id: 'diagnostics', label: 'Diagnostics', render: ({ form, change }) => <DiagnosticsSettings form={form} change={change} /> },
];
