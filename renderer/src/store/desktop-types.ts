import type { CallRequest, OllamaTestResult } from '../../../shared/contract';
import type { ServerTestResult } from '../../../shared/servers';
import type { ModelEvent } from '../../../shared/events';

export type ModelActionResult = { ok: true } | { ok: false; message: string };

/** Where a pull stands, from its `pull-progress` events. */
export type PullPhase = 'running' | 'done' | 'failed' | 'cancelled';

export interface PullState {
  pullId: string;
  model: string;
  /** Ollama's status line ("pulling manifest", "verifying sha256 digest"...). */
  status: string;
  completedBytes: number | null;
  totalBytes: number | null;
  phase: PullPhase;
  error: string | null;
}

/** Pull, delete and unload models; check an Ollama host (issue 5, Models and Settings). */
export interface ModelsSlice {
  /** Pulls started in this window, oldest first; finished ones stay until dismissed. */
  pulls: PullState[];
  modelManagerOpen: boolean;
  setModelManagerOpen(open: boolean): void;
  pullModel(name: string): Promise<ModelActionResult>;
  cancelPull(pullId: string): Promise<void>;
  dismissPull(pullId: string): void;
  deleteModel(name: string): Promise<ModelActionResult>;
  unloadModel(name: string): Promise<ModelActionResult>;
  /** Asks the given host (not the saved one) for Ollama's version. */
  testOllamaHost(host: string): Promise<OllamaTestResult>;
  /** Settings → Model servers → Test connection (a server in the form, saved or not). */
  testServer(request: CallRequest<'servers.test'>): Promise<ServerTestResult>;
  /** One `model-events` batch from main. */
  applyModelEvents(events: readonly ModelEvent[]): void;
}

/** Links in model output leave the app only through main's guard. */
export interface LinksSlice {
  /** Asks main's guard; Electron opens the browser, the web page opens a new tab only if main accepted. */
  openLink(url: string): Promise<void>;
}
