import { useEffect, useState } from 'react';
import type { FrameBudget } from './frame-budget';

/**
 * True once this component may put its `cost` of elements on the page: at once when the frame's
 * budget has room, else at a later frame (the component renders its placeholder meanwhile).
 */
export function useFrameTurn(budget: FrameBudget, cost: number): boolean {
  const [turn, setTurn] = useState(() => budget.tryNow(cost));
  useEffect(() => {
    if (turn) return undefined;
    return budget.wait(cost, () => setTurn(true));
  }, [budget, cost, turn]);
  return turn;
}
