import { isTacoBridge } from '../../transport/bridge-client';
import type { SliceCreator } from '../store-types';

/** Links in model output leave the app only through main's guard. */
export interface LinksSlice {
  /** Asks main's guard; Electron opens the browser, the web page opens a new tab only if main accepted. */
  openLink(url: string): Promise<void>;
}

/** In Electron main opens the browser itself; a browser page opens the tab, but only once main said yes. */
export function inBrowserPage(): boolean {
  return typeof window !== 'undefined' && !isTacoBridge(window.taco);
}

export const createLinksSlice: SliceCreator<LinksSlice> = (_set, get, { api }) => ({
  async openLink(url) {
    try {
      const answer = await api.call('app.openExternal', { url });
      if (!answer.opened) {
        get().notify(answer.message ?? 'The link was not opened.');
        return;
      }
      if (inBrowserPage()) window.open(url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      get().reportError(error);
    }
  },
});

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends LinksSlice {}
}
