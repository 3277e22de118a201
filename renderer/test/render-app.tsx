import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { connectStore, createTacoStore, type TacoStore } from '../src/store/create-taco-store';
import { StoreProvider } from '../src/store/store-context';
import { createFakeApi, type FakeApi } from './fake-api';

export function memoryStorage(
  initial: Record<string, string> = {},
): Pick<Storage, 'getItem' | 'setItem'> & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (key) => data[key] ?? null, setItem: (key, value) => void (data[key] = value) };
}

/** Render `ui` over a store backed by a fake API (initialised: settings, models, conversations loaded). */
export async function renderWithStore(
  ui: ReactElement,
  options: { api?: FakeApi; storage?: ReturnType<typeof memoryStorage>; init?: boolean } = {},
) {
  const api = options.api ?? createFakeApi();
  const storage = options.storage ?? memoryStorage();
  const store: TacoStore = createTacoStore({ api, storage });
  connectStore(store, api);
  if (options.init !== false) await store.getState().init();
  const result = render(<StoreProvider store={store}>{ui}</StoreProvider>);
  return { ...result, api, store, storage };
}
