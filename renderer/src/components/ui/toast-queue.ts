/** One toast: a short message, optionally with one action (e.g. Undo) that runs and closes it. */
export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  tone?: 'normal' | 'danger';
  /** Milliseconds before it closes by itself; Infinity: only when dismissed (something the user must read). Absent: the Toaster's. */
  duration?: number;
  action?: { label: string; /** Said by screen readers in place of the button. */ altText: string; run(): void };
}

type Listener = () => void;

let nextId = 1;
let toasts: readonly ToastMessage[] = [];
const listeners = new Set<Listener>();

function publish(next: readonly ToastMessage[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (a store action, a button); returns its id. */
export function showToast(toast: Omit<ToastMessage, 'id'>): number {
  const id = nextId++;
  publish([...toasts, { ...toast, id }]);
  return id;
}

export function dismissToast(id: number): void {
  publish(toasts.filter((toast) => toast.id !== id));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly ToastMessage[] {
  return toasts;
}
