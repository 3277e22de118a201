type Listener = (...args: unknown[]) => unknown;

/** Node's EventEmitter, as far as the host uses it (Electron's objects are EventEmitters). */
export class FakeEmitter {
  readonly listeners = new Map<string, Listener[]>();
  on(name: string, listener: Listener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  once(name: string, listener: Listener): this {
    const once: Listener = (...args) => {
      this.removeListener(name, once);
      return listener(...args);
    };
    return this.on(name, once);
  }
  removeListener(name: string, listener: Listener): this {
    this.listeners.set(
      name,
      (this.listeners.get(name) ?? []).filter((entry) => entry !== listener),
    );
    return this;
  }
  emit(name: string, ...args: unknown[]): unknown[] {
    return [...(this.listeners.get(name) ?? [])].map((listener) => listener(...args));
  }
}

/** Electron's preventable event (gin_helper::internal::Event): `preventDefault()` and `defaultPrevented`. */
export function preventableEvent<T extends object>(fields: T): T & { preventDefault(): void; readonly defaultPrevented: boolean } {
  let prevented = false;
  // defineProperties, not Object.assign: assign would copy the getter's value once, not the getter.
  return Object.defineProperties(fields, {
    preventDefault: {
      value: () => {
        prevented = true;
      },
    },
    defaultPrevented: { get: () => prevented },
  }) as T & { preventDefault(): void; readonly defaultPrevented: boolean };
}
