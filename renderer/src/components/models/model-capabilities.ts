import type { ModelInfo } from '../../../../shared/models/models';

/** The capabilities worth a badge, in a fixed order. */
export const SHOWN_CAPABILITIES = ['tools', 'thinking', 'vision'] as const;
export type ShownCapability = (typeof SHOWN_CAPABILITIES)[number];

export function modelCapabilities(model: Pick<ModelInfo, 'capabilities'>): ShownCapability[] {
  const capabilities = model.capabilities ?? [];
  return SHOWN_CAPABILITIES.filter((name) => capabilities.includes(name));
}

export function canSee(model: Pick<ModelInfo, 'capabilities'> | null): boolean {
  return model?.capabilities?.includes('vision') === true;
}
