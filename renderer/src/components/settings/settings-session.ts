import { createContext, useContext } from 'react';

/**
 * One visit to Settings, as the MCP page needs it: a server the user removes is only marked, and
 * goes when Save is pressed (Cancel keeps it). Outside Settings (no visit) removal is immediate.
 */
export interface SettingsSession {
  pendingRemovals: ReadonlySet<string>;
  stageRemoval(name: string): void;
  keep(name: string): void;
}

export const SettingsSessionContext = createContext<SettingsSession | null>(null);

export function useSettingsSession(): SettingsSession | null {
  return useContext(SettingsSessionContext);
}
