import { createContext, useContext } from 'react';
import type { KnowledgePassage } from '../../../../shared/knowledge/knowledge';

/** The passages of the turn being drawn, by the number its answer cites them with; empty outside a turn that used any. */
export const CitationContext = createContext<ReadonlyMap<number, KnowledgePassage>>(new Map());

export function useCitedPassage(n: number): KnowledgePassage | null {
  return useContext(CitationContext).get(n) ?? null;
}
