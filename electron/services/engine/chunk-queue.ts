/** Values pushed from callbacks, read as an async iterable; ends once, or fails with one error. */
export class ChunkQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private ended = false;
  private error: unknown = null;
  private wake: (() => void) | null = null;

  push(item: T): void {
    this.items.push(item);
    this.notify();
  }

  end(): void {
    this.ended = true;
    this.notify();
  }

  fail(error: unknown): void {
    this.error ??= error;
    this.ended = true;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for (;;) {
      const item = this.items.shift();
      if (item !== undefined) {
        yield item;
        continue;
      }
      if (this.ended) {
        if (this.error !== null) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
