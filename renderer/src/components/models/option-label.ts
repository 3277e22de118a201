import type { ModelInfo } from '../../../../shared/models';
import { formatBytes } from '../../format/format-bytes';
import { modelCapabilities } from './model-capabilities';

/** "llama3.2:3b · 2.0 GB · 3.2B · Q4_K_M · tools, vision" — a native option cannot hold badges. */
export function optionLabel(model: ModelInfo): string {
  const capabilities = modelCapabilities(model).join(', ');
  const details = [model.sizeBytes > 0 ? formatBytes(model.sizeBytes) : null, model.parameterSize, model.quantization, capabilities].filter(
    Boolean,
  );
  const name = model.label ?? model.name;
  return details.length ? `${name} · ${details.join(' · ')}` : name;
}
