import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/**
 * A bridge transport that cuts an app off after `budget` messages from it: the app's frame is
 * untrusted, and a flood of posts would otherwise keep the window's thread and main busy. The
 * message past the budget is not delivered; the transport closes and `onExhausted` says why, so the
 * view removes the frame.
 */
export class BudgetedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private received = 0;
  private cut = false;

  constructor(
    private readonly inner: Transport,
    private readonly budget: number,
    private readonly onExhausted: (count: number) => void,
  ) {}

  async start(): Promise<void> {
    this.inner.onmessage = (message) => {
      if (this.cut) return;
      this.received += 1;
      if (this.received > this.budget) {
        this.cut = true;
        this.onExhausted(this.received);
        void this.close();
        return;
      }
      this.onmessage?.(message);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.onclose?.();
    await this.inner.start();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.cut) return;
    await this.inner.send(message);
  }

  async close(): Promise<void> {
    this.cut = true;
    await this.inner.close();
  }
}
