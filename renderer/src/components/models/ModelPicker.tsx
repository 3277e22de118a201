import { useState } from 'react';
import { useTaco } from '../../store/store-context';
import { modelLabel } from '../../../../shared/models/model-label';
import { useServerNames } from './ConversationModelLabel';
import { Combobox } from '../ui/Combobox';
import type { CommandGroup } from '../ui/CommandList';
import { CapabilityBadges } from './CapabilityBadges';
import { modelCapabilities } from './model-capabilities';
import { pickerGroups, serverOfModel, shortModelName, type PickerGroup } from './model-picker-groups';
import { ModelPickerRow } from './ModelPickerRow';
import { ServerStatusDot } from './ServerModelGroups';
import { Tooltip } from '../ui/Tooltip';
import { CubeIcon } from '../Icons';

/** A server's heading in the list: its name and whether it answered. */
function GroupHeading({ group }: { group: PickerGroup }) {
  return (
    <span className="model-group-heading" data-testid="model-group" data-health={group.health}>
      <span className={`status-dot ${group.health === 'ok' ? 'status-dot-ok' : 'status-dot-failed'}`} aria-hidden="true" />
      {group.name}
      {group.health !== 'ok' && <span className="model-group-state"> · not reachable</span>}
    </span>
  );
}

function commandGroups(groups: readonly PickerGroup[], selected: string | null): CommandGroup[] {
  return groups.map((group) => ({
    key: group.serverId,
    heading: <GroupHeading group={group} />,
    items:
      group.health === 'ok'
        ? group.models.map((model) => ({
            id: model.name,
            label: shortModelName(model),
            keywords: [group.name, model.family ?? '', model.parameterSize ?? '', model.quantization ?? '', ...modelCapabilities(model)],
            content: <ModelPickerRow model={model} selected={model.name === selected} />,
            testId: 'model-option',
          }))
        : // A server that did not answer keeps its place in the list, with its reason; nothing in it can be picked.
          [
            {
              id: `unreachable:${group.serverId}`,
              label: group.name,
              content: <span className="model-group-message">{group.message ?? 'Not reachable.'}</span>,
              disabled: true,
            },
          ],
  }));
}

/** In a form (a project's default model): the value is the form's, and only the list is shown. */
export interface ModelPickerFieldProps {
  value: string | null;
  onChange(model: string): void;
  testId: string;
  /** The field's label element (the button's own label names the model). */
  describedBy: string;
}

/**
 * The model picker: a button naming the model and its server opens a searchable list grouped by
 * server (type to filter, arrow keys, Enter); each row says the model's size, quantisation,
 * capabilities and whether it fits in memory. The choice is remembered as the default — or, as a
 * form field (`field`), handed to the form.
 */
export function ModelPicker({ field }: { field?: ModelPickerFieldProps } = {}) {
  const models = useTaco((state) => state.models);
  const windowModel = useTaco((state) => state.selectedModel);
  const selected = field ? field.value : windowModel;
  const selectModel = useTaco((state) => state.selectModel);
  const openManager = useTaco((state) => state.setModelManagerOpen);
  const openSettings = useTaco((state) => state.setSettingsOpen);
  const runningPulls = useTaco((state) => state.pulls.filter((pull) => pull.phase === 'running').length);
  const [open, setOpen] = useState(false);
  const groups = pickerGroups(models);
  const serverGroups = models?.servers && models.servers.length > 1 ? models.servers : null;
  const all = groups.flatMap((group) => group.models);
  const current = all.find((model) => model.name === selected) ?? null;
  const names = useServerNames();
  // The conversation keeps a model its server no longer lists: named, marked, never replaced (the composer says why).
  const missing = current === null && selected !== null ? modelLabel(selected, names) : null;
  const listedServer = selected ? serverOfModel(groups, selected) : null;
  const server = listedServer ?? (missing?.server ? { name: missing.server } : null);
  const name = current ? shortModelName(current) : missing ? `${missing.model} (unavailable)` : null;
  const empty = all.length === 0;
  const placeholder = models === null ? 'Loading models…' : field && !empty ? 'The window’s model' : 'No models';

  const fullName = name ? `${name}${server ? ` · ${server.name}` : ''}` : null;
  const serverShown = server !== null && (serverGroups !== null || missing !== null);
  const visibleText = `${name ?? placeholder}${serverShown ? ` ${server.name}` : ''}`;
  const button = (
    <button
      type="button"
      className="model-trigger"
      data-testid={field?.testId ?? 'model-picker'}
      data-value={selected ?? ''}
      disabled={empty && !selected}
      // Named by what it shows, in the order it shows it (axe: label-content-name-mismatch), then what it does;
      // a field's label describes it.
      aria-label={`${visibleText}: ${field ? 'change' : name ? 'change model' : 'choose a model'}`}
      {...(field ? { 'aria-describedby': field.describedBy } : {})}
    >
      <span className="model-trigger-name">{name ?? placeholder}</span>
      {serverShown && (
        <>
          {' '}
          <span className="model-trigger-server">{server.name}</span>
        </>
      )}
      <span className="model-trigger-caret" aria-hidden="true">
        ▾
      </span>
    </button>
  );
  // The name is cut at the end when the header is narrow (conversations.css): whole in the tooltip. A form
  // field has the room, and a tooltip there would take a dialog's first Esc (focus lands on the field).
  const trigger = fullName && !field ? <Tooltip content={fullName}>{button}</Tooltip> : button;

  return (
    <div className="model-picker">
      <Combobox
        trigger={trigger}
        groups={commandGroups(groups, selected)}
        open={open}
        onOpenChange={setOpen}
        onSelect={(id) => (field ? field.onChange(id) : void selectModel(id))}
        label="Models"
        placeholder="Search models, servers, capabilities…"
        emptyText="No model matches."
        testId={field ? `${field.testId}-popover` : 'model-picker-popover'}
        inputTestId={field ? `${field.testId}-search` : 'model-search'}
        footer={
          field ? undefined : (
            <div className="model-picker-footer">
              <button
                type="button"
                className="button ghost small"
                onClick={() => {
                  setOpen(false);
                  openManager(true);
                }}
              >
                Download or manage models…
              </button>
            </div>
          )
        }
      />
      {field ? null : (
        <ModelPickerExtras
          current={current}
          serverGroups={serverGroups}
          runningPulls={runningPulls}
          onOpenManager={() => openManager(true)}
          onOpenSettings={() => openSettings(true, 'servers')}
        />
      )}
    </div>
  );
}

/** Beside the window's picker: the capabilities, the servers' status and the Models button. */
function ModelPickerExtras({
  current,
  serverGroups,
  runningPulls,
  onOpenManager,
  onOpenSettings,
}: {
  current: Parameters<typeof CapabilityBadges>[0]['model'] | null;
  serverGroups: Parameters<typeof ServerStatusDot>[0]['groups'] | null;
  runningPulls: number;
  onOpenManager(): void;
  onOpenSettings(): void;
}) {
  return (
    <>
      {current && <CapabilityBadges model={current} />}
      {serverGroups && <ServerStatusDot groups={serverGroups} onOpenSettings={onOpenSettings} />}
      <button
        type="button"
        className="button ghost models-button"
        data-testid="models-button"
        aria-haspopup="dialog"
        title="Download, unload or delete models"
        onClick={onOpenManager}
      >
        {/* Icon-only when the header is narrow (conversations.css); the label stays its name. */}
        <span className="header-button-icon">
          <CubeIcon />
        </span>
        <span className="header-button-label">Models</span>
        {runningPulls > 0 ? (
          <span className="badge models-button-count" aria-label={`${runningPulls} downloading`}>
            {runningPulls}
          </span>
        ) : null}
      </button>
    </>
  );
}
