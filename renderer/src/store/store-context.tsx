import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { TacoStore } from './create-taco-store';
import type { TacoState } from './store-types';

const StoreContext = createContext<TacoStore | null>(null);

export function StoreProvider({ store, children }: { store: TacoStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** Read a slice of the store; re-renders only when the selected value changes. */
export function useTaco<T>(selector: (state: TacoState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useTaco must be used inside <StoreProvider>.');
  return useStore(store, selector);
}
