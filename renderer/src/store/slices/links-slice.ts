import { isTacoBridge } from '../../transport/bridge-client';
import type { LinksSlice } from '../desktop-types';
import type { SliceCreator } from '../store-types';

/** In Electron main opens the browser itself; a browser page opens the tab, but only once main said yes. */
function inBrowserPage(): boolean {
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
