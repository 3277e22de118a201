/**
 * jsdom has no layout: tests of virtualized lists give elements their sizes and a `scrollTo`, as
 * @tanstack/react-virtual's docs suggest. Every patch of `HTMLElement.prototype` made here is
 * undone by `restore()` (call it in `afterAll`).
 */
export interface LayoutPatches {
  /** A size the element reports (`clientHeight`, `scrollHeight`, `offsetHeight`…). */
  size(property: string, get: (this: HTMLElement) => number): void;
  /** A method the element has (`getBoundingClientRect`, `scrollTo`). */
  method<Args extends unknown[]>(name: string, value: (this: HTMLElement, ...args: Args) => unknown): void;
  restore(): void;
}

export function patchLayout(): LayoutPatches {
  const patched: Array<[string, PropertyDescriptor | undefined]> = [];
  const remember = (property: string): void => {
    patched.push([property, Object.getOwnPropertyDescriptor(HTMLElement.prototype, property)]);
  };
  return {
    size(property, get) {
      remember(property);
      Object.defineProperty(HTMLElement.prototype, property, { configurable: true, get });
    },
    method(name, value) {
      remember(name);
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, writable: true, value });
    },
    restore() {
      for (const [property, descriptor] of patched.splice(0).reverse()) {
        if (descriptor) Object.defineProperty(HTMLElement.prototype, property, descriptor);
        else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[property];
      }
    },
  };
}
