import { LOCAL_SERVER_NAME } from '../../../../shared/models/model-ref';
import type { ModelInfo, ModelListResult } from '../../../../shared/models/models';
import { formatBytes } from '../../format/format-bytes';

/** One server's part of the picker: its models, or why there are none. */
export interface PickerGroup {
  serverId: string;
  name: string;
  health: 'ok' | 'unreachable' | 'error';
  /** Why the server's models are missing, in words; null when ok. */
  message: string | null;
  models: ModelInfo[];
}

/** The picker's groups: one per server when servers were added, else the one list under the first server's name. */
export function pickerGroups(models: ModelListResult | null): PickerGroup[] {
  if (models === null) return [];
  if (models.servers && models.servers.length > 0) {
    return models.servers.map((server) => ({
      serverId: server.serverId,
      name: server.name,
      health: server.type,
      message: server.message,
      models: server.type === 'ok' ? server.models : [],
    }));
  }
  return [
    {
      serverId: 'local',
      name: LOCAL_SERVER_NAME,
      health: models.type,
      message: models.type === 'ok' ? null : models.message,
      models: models.type === 'ok' ? models.models : [],
    },
  ];
}

/** The model's own short name (`llama3.2:3b`), never the internal `<serverId>::` reference. */
export function shortModelName(model: Pick<ModelInfo, 'name' | 'label'>): string {
  return model.label ?? model.name;
}

/** "2.0 GB · 3.2B · Q4_K_M": what is known of the model's size and quantisation. */
export function modelDetails(model: Pick<ModelInfo, 'sizeBytes' | 'parameterSize' | 'quantization'>): string {
  return [model.sizeBytes > 0 ? formatBytes(model.sizeBytes) : null, model.parameterSize, model.quantization].filter(Boolean).join(' · ');
}

/** The server a model reference is on, by the groups (the first server's models have plain names). */
export function serverOfModel(groups: readonly PickerGroup[], ref: string): PickerGroup | null {
  return groups.find((group) => group.models.some((model) => model.name === ref)) ?? null;
}
