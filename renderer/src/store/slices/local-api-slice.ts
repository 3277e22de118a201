import type { LocalApiStatus } from '../../../../shared/settings/local-api';
import type { SliceCreator } from '../store-types';

/** Settings → Local API: main owns the config and the key; this keeps what it answered. */
export interface LocalApiSlice {
  /** Null until `localApi.get` answered. */
  localApi: LocalApiStatus | null;
  /** A key main just generated: shown once, until dismissed or the dialog closes. Never stored. */
  localApiNewKey: string | null;
  loadLocalApi(): Promise<void>;
  setLocalApi(change: { enabled?: boolean; port?: number; allowApprovals?: boolean }): Promise<void>;
  rotateLocalApiKey(): Promise<void>;
  forgetLocalApiKey(): void;
}

export const createLocalApiSlice: SliceCreator<LocalApiSlice> = (set, get, { api }) => ({
  localApi: null,
  localApiNewKey: null,
  async loadLocalApi() {
    try {
      set({ localApi: await api.call('localApi.get', {}) });
    } catch (error) {
      get().reportError(error);
    }
  },
  async setLocalApi(change) {
    try {
      set({ localApi: await api.call('localApi.set', change) });
    } catch (error) {
      get().reportError(error);
    }
  },
  async rotateLocalApiKey() {
    try {
      const answer = await api.call('localApi.rotateKey', {});
      set({ localApi: answer.status, localApiNewKey: answer.key });
    } catch (error) {
      get().reportError(error);
    }
  },
  forgetLocalApiKey() {
    set({ localApiNewKey: null });
  },
});

declare module '../store-types' {
  interface TacoState extends LocalApiSlice {}
}
