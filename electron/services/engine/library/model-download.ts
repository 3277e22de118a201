import { createHash } from 'node:crypto';
import { DEFAULTS } from '../../../../shared/constants';
import type { DownloadState, DownloadView } from '../../../../shared/engine/model-library';
import { formatBytes } from '../../../../shared/models/format-bytes';
import type { DownloadFiles } from './download-files';
import { GgufError, hasGgufMagic, readGgufHeader } from './gguf-header';

export interface DownloadTarget {
  downloadId: string;
  catalogueId: string;
  url: string;
  /** Where the finished model goes; bytes arrive in `${path}.part` until verified. */
  path: string;
  /** The size the catalogue lists, for the disk check before the server has said. */
  expectedBytes: number;
  /** Checked when known; otherwise the streamed SHA-256 is only recorded. */
  sha256: string | null;
}

export interface FinishedDownload {
  path: string;
  sizeBytes: number;
  sha256: string;
}

export interface DownloadOptions {
  files: DownloadFiles;
  fetch: typeof fetch;
  folder: string;
  emit(view: DownloadView): void;
  /** A verified model is in place. */
  finished(target: DownloadTarget, result: FinishedDownload): Promise<void>;
  now?: () => number;
  progressIntervalMs?: number;
  diskHeadroomBytes?: number;
}

/** One model download: .part file, Range resume, pause, cancel, verify, then rename into place. */
export interface ModelDownload {
  view(): DownloadView;
  /** Starts, or resumes from the .part file. Resolves when this attempt ends (done, paused, failed, cancelled). */
  start(): Promise<void>;
  pause(): Promise<void>;
  cancel(): Promise<void>;
}

class DownloadFailure extends Error {
  constructor(
    message: string,
    /** Whether the .part file is worth keeping for Resume. */
    readonly keepPart: boolean,
  ) {
    super(message);
  }
}

export function createModelDownload(target: DownloadTarget, options: DownloadOptions): ModelDownload {
  const partPath = `${target.path}.part`;
  const now = options.now ?? Date.now;
  const interval = options.progressIntervalMs ?? DEFAULTS.engineLibrary.progressIntervalMs;
  const headroom = options.diskHeadroomBytes ?? DEFAULTS.engineLibrary.diskHeadroomBytes;
  let state: DownloadState = 'paused';
  let receivedBytes = 0;
  let totalBytes: number | null = null;
  let message: string | null = null;
  let controller: AbortController | null = null;
  let running: Promise<void> | null = null;
  let lastEmit = 0;

  const view = (): DownloadView => ({
    downloadId: target.downloadId,
    catalogueId: target.catalogueId,
    state,
    receivedBytes,
    totalBytes,
    message,
  });
  let trailing: ReturnType<typeof setTimeout> | null = null;
  /** Progress at most once per interval, and the latest bytes always told (a stalled transfer shows where it stopped). */
  const progress = () => {
    if (now() - lastEmit >= interval) {
      lastEmit = now();
      options.emit(view());
      return;
    }
    trailing ??= setTimeout(
      () => {
        trailing = null;
        if (state !== 'downloading') return;
        lastEmit = now();
        options.emit(view());
      },
      Math.max(0, interval - (now() - lastEmit)),
    );
    trailing.unref?.();
  };
  const set = (next: DownloadState, why: string | null = null) => {
    if (trailing) clearTimeout(trailing);
    trailing = null;
    state = next;
    message = why;
    lastEmit = now();
    options.emit(view());
  };

  async function attempt(signal: AbortSignal): Promise<void> {
    let offset = await options.files.sizeOf(partPath);
    receivedBytes = offset;
    const stillNeeded = Math.max(0, (totalBytes ?? target.expectedBytes) - offset);
    const free = await options.files.freeBytes(options.folder);
    if (free < stillNeeded + headroom)
      throw new DownloadFailure(
        `Not enough disk space: the model needs ${formatBytes(stillNeeded)} more (and ${formatBytes(headroom)} to spare), ${formatBytes(free)} is free. Free some space and try again.`,
        true,
      );
    set('downloading');
    const response = await options.fetch(target.url, {
      headers: offset > 0 ? { Range: `bytes=${offset}-` } : {},
      redirect: 'follow',
      signal,
    });
    if (response.status === 416 && offset > 0) {
      // The .part already holds the whole file: go straight to verifying it.
      await response.body?.cancel();
      totalBytes = offset;
      return verify();
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new DownloadFailure(`The download server answered ${response.status} ${response.statusText}. Try again later.`, true);
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (/text\/html/i.test(contentType)) {
      await response.body?.cancel();
      throw new DownloadFailure(
        'The server sent a web page instead of the model file (a sign-in page or an error page). Nothing was kept.',
        false,
      );
    }
    const hash = createHash('sha256');
    if (response.status === 206 && offset > 0) {
      totalBytes = totalFromContentRange(response.headers.get('content-range')) ?? lengthOf(response, offset);
      await options.files.hashInto(partPath, hash);
    } else {
      // The server ignored the range (200): start again from the first byte.
      offset = 0;
      receivedBytes = 0;
      totalBytes = lengthOf(response, 0);
    }
    if (!response.body) throw new DownloadFailure('The server sent no file.', false);
    const out = await options.files.openForWrite(partPath, offset > 0 ? 'append' : 'truncate');
    let head = Buffer.alloc(0);
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        if (offset === 0 && head.length < 4) {
          head = Buffer.concat([head, chunk]);
          if (head.length >= 4 && !hasGgufMagic(head))
            throw new DownloadFailure('The server sent something that is not a GGUF model file. Nothing was kept.', false);
        }
        await out.write(chunk);
        hash.update(chunk);
        receivedBytes += chunk.length;
        progress();
      }
    } catch (error) {
      if (error instanceof DownloadFailure || signal.aborted) throw error;
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC')
        throw new DownloadFailure(`The disk is full after ${formatBytes(receivedBytes)}. Free some space and press Resume.`, true);
      throw new DownloadFailure(
        `The connection dropped after ${formatBytes(receivedBytes)}${totalBytes ? ` of ${formatBytes(totalBytes)}` : ''}. Press Resume to continue from there.`,
        true,
      );
    } finally {
      await out.close();
    }
    if (totalBytes !== null && receivedBytes !== totalBytes)
      throw new DownloadFailure(
        `The download ended early: ${formatBytes(receivedBytes)} of ${formatBytes(totalBytes)} arrived. Press Resume to continue from there.`,
        true,
      );
    return verify(hash.digest('hex'));
  }

  async function verify(streamed?: string): Promise<void> {
    set('verifying');
    let digest = streamed;
    if (digest === undefined) {
      const hash = createHash('sha256');
      await options.files.hashInto(partPath, hash);
      digest = hash.digest('hex');
    }
    if (target.sha256 !== null && digest !== target.sha256)
      throw new DownloadFailure(
        'The downloaded file does not match its checksum (it is corrupt or not the expected file). It was removed.',
        false,
      );
    try {
      await readGgufHeader(partPath);
    } catch (error) {
      if (error instanceof GgufError) throw new DownloadFailure(`${error.message} It was removed.`, false);
      throw error;
    }
    await options.files.rename(partPath, target.path);
    await options.finished(target, { path: target.path, sizeBytes: receivedBytes, sha256: digest });
    set('done');
  }

  function start(): Promise<void> {
    if (running) return running;
    if (state === 'done' || state === 'cancelled') return Promise.resolve();
    const current = new AbortController();
    controller = current;
    running = attempt(current.signal)
      .catch(async (error: unknown) => {
        if (current.signal.aborted) return; // pause() or cancel() sets the state.
        const failure = error instanceof DownloadFailure ? error : new DownloadFailure(`The download failed: ${describe(error)}`, true);
        if (!failure.keepPart) await options.files.remove(partPath);
        if (!failure.keepPart) receivedBytes = 0;
        set('failed', failure.message);
      })
      .finally(() => {
        running = null;
        controller = null;
      });
    return running;
  }

  return {
    view,
    start,
    async pause() {
      if (!running) return;
      const finishing = running;
      controller?.abort();
      await finishing;
      set('paused');
    },
    async cancel() {
      const finishing = running;
      controller?.abort();
      if (finishing) await finishing;
      if (state === 'done') return;
      await options.files.remove(partPath);
      receivedBytes = 0;
      set('cancelled');
    },
  };
}

function lengthOf(response: Response, offset: number): number | null {
  const length = Number(response.headers.get('content-length'));
  return Number.isFinite(length) && length > 0 ? offset + length : null;
}

/** "bytes 100-999/1000" → 1000. */
function totalFromContentRange(header: string | null): number | null {
  const match = header?.match(/\/(\d+)\s*$/);
  return match ? Number(match[1]) : null;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
