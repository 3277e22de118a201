import type { LocalApiStatus } from '../../../shared/settings/local-api';
import type { ValidCallRequest } from '../../../shared/contract/contract';
import { HEADLESS_API_COMMAND } from './headless-api-command';

/** The local API as a host runs it (the desktop app): the `localApi.*` calls go here. */
export interface LocalApiPort {
  status(): Promise<LocalApiStatus>;
  configure(change: ValidCallRequest<'localApi.set'>): Promise<LocalApiStatus>;
  /** A new key, returned this once; the old one stops working at once. */
  rotateKey(): Promise<{ key: string; status: LocalApiStatus }>;
}

const UNAVAILABLE: LocalApiStatus = {
  type: 'unavailable',
  message:
    'The local API runs in the desktop app. Here, start it on its own in a terminal with the command below, adding the --data-dir and --workspace you gave npm run web so it sees the same conversations and folder (npm run api -- --help lists every flag).',
  command: HEADLESS_API_COMMAND,
};

/** Hosts without one (the web host, the CLI): the calls say where the API runs instead. */
export const NO_LOCAL_API: LocalApiPort = {
  status: async () => UNAVAILABLE,
  configure: async () => UNAVAILABLE,
  rotateKey: () => Promise.reject(new Error(UNAVAILABLE.message)),
};
