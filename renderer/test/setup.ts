import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor give up after one second by default: a bet a loaded machine loses. The same
// limit as test-support/eventually-timeout.ts (the renderer imports nothing outside renderer/).
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
});

// jsdom has no layout: the ui/ layer's popovers (Radix's popper, cmdk's list) observe sizes and
// scroll the highlighted option into view. Give them inert stand-ins; nothing is measured in tests.
class InertResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= InertResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView(): void {};
