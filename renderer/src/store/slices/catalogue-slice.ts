import { describeCallFailure } from '../../transport/taco-call-error';
import type { SliceCreator } from '../store-types';
import type { ToolInfo } from '../../../../shared/tools/tool-info';

export interface CatalogueSlice {
  tools: ToolInfo[] | null;
  toolsError: string | null;
  loadTools(options?: { force?: boolean }): Promise<void>;
}

export const createCatalogueSlice: SliceCreator<CatalogueSlice> = (set, get, { api }) => {
  let loading: Promise<void> | null = null;
  return {
    tools: null,
    toolsError: null,

    loadTools(options) {
      if (loading) return loading;
      if (get().tools && !options?.force) return Promise.resolve();
      loading = (async () => {
        try {
          set({ tools: await api.call('tools.list', {}), toolsError: null });
        } catch (error) {
          set({ toolsError: describeCallFailure(error) });
        } finally {
          loading = null;
        }
      })();
      return loading;
    },
  };
};

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends CatalogueSlice {}
}
