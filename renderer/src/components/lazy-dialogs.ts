import { lazy } from 'react';

/**
 * Dialogs the first paint does not need: each is its own chunk, loaded the first time it opens
 * (the bundle that index.html loads stays small).
 */
export const LazyCatalogue = lazy(() => import('./catalogue/Catalogue').then((module) => ({ default: module.Catalogue })));
export const LazySettingsDialog = lazy(() => import('./settings/SettingsDialog').then((module) => ({ default: module.SettingsDialog })));
export const LazyModelManagerDialog = lazy(() =>
  import('./models/ModelManagerDialog').then((module) => ({ default: module.ModelManagerDialog })),
);
