import { DEFAULTS } from '../../../../../shared/constants';
import { createFrameBudget } from './frame-budget';

/** The window's one budget for finished blocks (markdown worker results), per animation frame. */
export const frameBudget = createFrameBudget({
  perFrame: DEFAULTS.rendererMarkdown.elementsPerFrame,
  requestFrame: (callback) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
    else setTimeout(callback, 16);
  },
});
