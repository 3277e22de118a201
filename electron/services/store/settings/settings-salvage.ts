import {
  applySettingsPatch,
  defaultSettings,
  settingsPatchSchema,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../../shared/settings/settings';

/** Settings fields that are objects of their own: each of their entries is checked alone. */
const NESTED = new Set(['limits', 'approvals', 'toolApprovals']);

export interface SalvagedSettings {
  settings: Settings;
  /** Fields that could not be used, as `fontSize` or `limits.maxIterations`. */
  dropped: string[];
  /** How many fields were kept. */
  kept: number;
}

/**
 * A stored settings object with bad values: every field that is valid on its own is kept, the
 * others fall back to their defaults. One bad value must not cost the user all their settings.
 * Null when even that does not give valid settings.
 */
export function salvageSettings(stored: unknown): SalvagedSettings | null {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
  let patch: SettingsPatch = {};
  const dropped: string[] = [];
  let kept = 0;
  const tryField = (candidate: Record<string, unknown>, name: string): void => {
    const parsed = settingsPatchSchema.safeParse(candidate);
    if (!parsed.success) {
      dropped.push(name);
      return;
    }
    patch = mergePatches(patch, parsed.data);
    kept += 1;
  };
  for (const [key, value] of Object.entries(stored)) {
    if (NESTED.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) tryField({ [key]: { [inner]: innerValue } }, `${key}.${inner}`);
    } else {
      tryField({ [key]: value }, key);
    }
  }
  const merged = settingsSchema.safeParse(applySettingsPatch(defaultSettings(), patch));
  return merged.success ? { settings: merged.data, dropped, kept } : null;
}

function mergePatches(a: SettingsPatch, b: SettingsPatch): SettingsPatch {
  return {
    ...a,
    ...b,
    ...(a.limits || b.limits ? { limits: { ...a.limits, ...b.limits } } : {}),
    ...(a.approvals || b.approvals ? { approvals: { ...a.approvals, ...b.approvals } } : {}),
    ...(a.toolApprovals || b.toolApprovals ? { toolApprovals: { ...a.toolApprovals, ...b.toolApprovals } } : {}),
  };
}
