import type { AppContext } from '../app-context';
import { openExternalGuarded } from '../open-external-guard';

/** app.openExternal: every link leaves the app through the one guard. */
export function openExternal(ctx: AppContext, url: string): Promise<{ opened: boolean; message: string | null }> {
  return openExternalGuarded(url, ctx.options.openExternal);
}
