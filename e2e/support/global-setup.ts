import { buildWebHost } from '../../scripts/build/build-web-host';

/** With TACO_E2E_HOST=source the specs start electron/hosts/web/web-main.ts under tsx instead of the bundle. */
export function webHostFromSource(): boolean {
  return process.env.TACO_E2E_HOST === 'source';
}

/**
 * Before any spec: bundle the web host the specs start (out/web/web-main.js, what `npm run web`
 * runs), so they never test a stale build. `npm test` builds it itself first and says so with
 * TACO_E2E_HOST=built.
 */
export default async function globalSetup(): Promise<void> {
  if (webHostFromSource() || process.env.TACO_E2E_HOST === 'built') return;
  await buildWebHost();
}
