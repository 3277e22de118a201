import { useState } from 'react';
import type { ModelInfo } from '../../../../shared/models/models';
import { formatBytes } from '../../format/format-bytes';
import { useTaco } from '../../store/store-context';
import { CapabilityBadges } from './CapabilityBadges';
import { ModelCheckButton, ModelCheckStatus } from './check/ModelCheckControls';
import { ReportCard } from './check/ReportCard';

type RowState =
  | { type: 'idle' }
  | { type: 'confirm-delete' }
  | { type: 'busy'; action: 'unload' | 'delete' }
  | { type: 'message'; text: string; error: boolean };

/**
 * One installed model: size, parameters, quantization, badges; Check this model, Unload, and Delete
 * last after a confirmation (then `onRemoved` takes the focus somewhere that stays); below, the
 * check's progress and its report card, where the check was started.
 */
export function InstalledModelRow({ model, onRemoved }: { model: ModelInfo; onRemoved(): void }) {
  const unloadModel = useTaco((state) => state.unloadModel);
  const deleteModel = useTaco((state) => state.deleteModel);
  const selected = useTaco((state) => state.selectedModel === model.name);
  // A model on an added server: pull/delete/unload may be off there (OpenAI-compatible, or a proxy that forbids it).
  const adminOff = useTaco((state) => {
    const group = model.server ? state.models?.servers?.find((candidate) => candidate.serverId === model.server?.id) : undefined;
    return group && !group.admin.allowed ? (group.admin.reason ?? 'Not available on this server.') : null;
  });
  const report = useTaco((state) => state.checkReports.find((candidate) => candidate.model === model.name) ?? null);
  const [state, setState] = useState<RowState>({ type: 'idle' });
  const label = model.label ?? model.name;
  const details = [formatBytes(model.sizeBytes), model.parameterSize, model.quantization, model.family].filter(Boolean).join(' · ');

  const unload = async () => {
    setState({ type: 'busy', action: 'unload' });
    const result = await unloadModel(model.name);
    setState(
      result.ok
        ? { type: 'message', text: 'Unloaded: its memory is free until the next message.', error: false }
        : { type: 'message', text: result.message, error: true },
    );
  };
  const remove = async () => {
    setState({ type: 'busy', action: 'delete' });
    const result = await deleteModel(model.name);
    if (result.ok) onRemoved();
    else setState({ type: 'message', text: result.message, error: true });
  };

  return (
    <li className="model-row" data-testid="model-row" data-model={model.name}>
      <div className="model-row-main">
        <span className="model-row-name">
          {model.label ?? model.name}
          {model.server && <span className="muted small"> · {model.server.name}</span>}
          {selected && <span className="badge model-row-current">in use</span>}
        </span>
        <span className="model-row-details muted small">{details}</span>
        <CapabilityBadges model={model} />
      </div>
      {/* Keyed: without keys React would reuse the actions' buttons for the confirmation's, and the
          focused Delete would become Keep instead of the confirmation taking focus. */}
      {state.type === 'confirm-delete' ? (
        <div key="confirm" className="model-row-confirm" role="group" aria-label={`Delete ${model.label ?? model.name}?`}>
          <span className="small">
            Delete {model.label ?? model.name}? This frees {formatBytes(model.sizeBytes)}; you can download it again later.
          </span>
          <button type="button" className="button danger" data-testid="model-delete-confirm" autoFocus onClick={() => void remove()}>
            Delete
          </button>
          <button type="button" className="button ghost" data-testid="model-delete-cancel" onClick={() => setState({ type: 'idle' })}>
            Keep
          </button>
        </div>
      ) : (
        <div key="actions" className="model-row-actions">
          <ModelCheckButton model={model.name} />
          <button
            type="button"
            className="button ghost"
            data-testid="model-unload"
            disabled={state.type === 'busy' || adminOff !== null}
            title={adminOff ?? 'Free the memory this model uses now'}
            onClick={() => void unload()}
          >
            {state.type === 'busy' && state.action === 'unload' ? 'Unloading…' : 'Unload'}
          </button>
          <button
            type="button"
            className="button ghost danger-text"
            data-testid="model-delete"
            disabled={state.type === 'busy' || adminOff !== null}
            {...(adminOff !== null ? { title: adminOff } : {})}
            onClick={() => setState({ type: 'confirm-delete' })}
          >
            {state.type === 'busy' && state.action === 'delete' ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      )}
      <ModelCheckStatus model={model.name} label={label} />
      {adminOff !== null && (
        <p className="model-row-message small muted" data-testid="model-admin-off">
          {adminOff}
        </p>
      )}
      {state.type === 'message' && (
        <p
          className={`model-row-message small${state.error ? ' field-error' : ' muted'}`}
          role={state.error ? 'alert' : 'status'}
          data-testid="model-row-message"
        >
          {state.text}
        </p>
      )}
      {report && <ReportCard report={report} label={label} server={model.server?.name ?? null} />}
    </li>
  );
}
