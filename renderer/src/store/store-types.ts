import type { CallName, TacoApi } from '../../../shared/contract/contract';
/**
 * The whole store. Each slice adds its own interface from its own file, by declaration merging:
 *
 *     declare module '../store-types' {
 *       interface TacoState extends UiSlice {}
 *     }
 *
 * so this file imports no slice and the slices' imports of it (SliceCreator, flightKey) form no
 * cycle. create-taco-store.ts puts the slices together; a slice left out there is a type error.
 */
export interface TacoState {
  init(): Promise<void>;
}

export interface StoreDeps {
  api: TacoApi;
  /** localStorage, or null where there is none. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export type SetState = (partial: Partial<TacoState> | ((state: TacoState) => Partial<TacoState>)) => void;
export type GetState = () => TacoState;
export type SliceCreator<T> = (set: SetState, get: GetState, deps: StoreDeps) => T;

/** Key of an in-flight call in `inFlight`. */
export const flightKey = (call: CallName, id: string): string => `${call}:${id}`;
