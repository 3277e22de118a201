import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DownloadView } from '../../../../shared/engine/model-library';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { nodeDownloadFiles, type DownloadFiles } from './download-files';
import { createModelDownload, type DownloadTarget, type FinishedDownload } from './model-download';
import { minimalGguf } from './testing/minimal-gguf';
import { startFakeModelHost, type FakeModelHost } from './testing/fake-model-host';

const cleanups = cleanupAfterEach();
const MODEL = minimalGguf({ padTo: 300_000 });
const MODEL_SHA = createHash('sha256').update(MODEL).digest('hex');

interface Harness {
  host: FakeModelHost;
  path: string;
  events: DownloadView[];
  finished: FinishedDownload[];
  /** Resolves at the first event that matches. */
  whenEvent(match: (view: DownloadView) => boolean): Promise<DownloadView>;
  download: ReturnType<typeof createModelDownload>;
}

async function harness(options: { sha256?: string | null; files?: Partial<DownloadFiles>; expectedBytes?: number } = {}): Promise<Harness> {
  const host = await startFakeModelHost(MODEL);
  cleanups.defer(() => host.close());
  const folder = cleanups.tempDir('model-download-');
  const path = join(folder, 'tiny.gguf');
  const events: DownloadView[] = [];
  const waiters: Array<{ match: (view: DownloadView) => boolean; resolve: (view: DownloadView) => void }> = [];
  const finished: FinishedDownload[] = [];
  const target: DownloadTarget = {
    downloadId: 'd1',
    catalogueId: 'tiny',
    url: host.url,
    path,
    expectedBytes: options.expectedBytes ?? MODEL.length,
    sha256: options.sha256 === undefined ? null : options.sha256,
  };
  const download = createModelDownload(target, {
    files: { ...nodeDownloadFiles, ...options.files },
    fetch,
    folder,
    progressIntervalMs: 0,
    diskHeadroomBytes: 0,
    emit: (view) => {
      events.push(view);
      for (const waiter of waiters.filter((w) => w.match(view))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(view);
      }
    },
    finished: async (_target, result) => {
      finished.push(result);
    },
  });
  return {
    host,
    path,
    events,
    finished,
    download,
    whenEvent: (match) => new Promise((resolve) => waiters.push({ match, resolve })),
  };
}

const leftovers = (path: string) => ({ model: existsSync(path), part: existsSync(`${path}.part`) });

describe('a model download', () => {
  it('streams the file to a .part, reports rising progress, records the SHA-256 and only then renames it into place', async () => {
    const h = await harness();
    await h.download.start();
    expect(h.download.view()).toMatchObject({ state: 'done', receivedBytes: MODEL.length, totalBytes: MODEL.length, message: null });
    expect(readFileSync(h.path).equals(MODEL)).toBe(true);
    expect(leftovers(h.path)).toEqual({ model: true, part: false });
    expect(h.finished).toEqual([{ path: h.path, sizeBytes: MODEL.length, sha256: MODEL_SHA }]);
    const received = h.events.filter((e) => e.state === 'downloading').map((e) => e.receivedBytes);
    expect(received.length).toBeGreaterThan(1);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(h.events.map((e) => e.state)).toContain('verifying');
  });

  it('checks a known checksum and accepts the right one', async () => {
    const h = await harness({ sha256: MODEL_SHA });
    await h.download.start();
    expect(h.download.view().state).toBe('done');
  });

  it('pauses, keeps the .part, and resumes with a Range request to the same bytes', async () => {
    const h = await harness();
    h.host.behave({ type: 'hold', afterBytes: 100_000 }, { type: 'file' });
    const running = h.download.start();
    await h.whenEvent((e) => e.receivedBytes >= 100_000);
    await h.download.pause();
    await running;
    expect(h.download.view().state).toBe('paused');
    expect(leftovers(h.path)).toEqual({ model: false, part: true });
    const kept = readFileSync(`${h.path}.part`).length;
    expect(kept).toBeGreaterThanOrEqual(100_000);
    await h.download.start();
    expect(h.host.ranges).toEqual([null, `bytes=${kept}-`]);
    expect(h.download.view().state).toBe('done');
    expect(readFileSync(h.path).equals(MODEL)).toBe(true);
    expect(h.finished[0]?.sha256).toBe(MODEL_SHA);
  });

  it('starts again from the first byte when the server ignores the range', async () => {
    const h = await harness();
    h.host.behave({ type: 'cut', afterBytes: 50_000 }, { type: 'file', ignoreRange: true });
    await h.download.start();
    expect(h.download.view().state).toBe('failed');
    await h.download.start();
    expect(h.download.view().state).toBe('done');
    expect(readFileSync(h.path).equals(MODEL)).toBe(true);
    expect(h.finished[0]?.sha256).toBe(MODEL_SHA);
  });

  it('a connection cut mid-way fails with a clear message, keeps the .part for Resume, and never leaves a model', async () => {
    const h = await harness();
    h.host.behave({ type: 'cut', afterBytes: 120_000 }, { type: 'file' });
    await h.download.start();
    expect(h.download.view().state).toBe('failed');
    expect(h.download.view().message).toMatch(/connection dropped|ended early/);
    expect(h.download.view().message).toMatch(/Resume/);
    expect(leftovers(h.path)).toEqual({ model: false, part: true });
    await h.download.start();
    expect(h.host.ranges[1]).toMatch(/^bytes=\d+-$/);
    expect(readFileSync(h.path).equals(MODEL)).toBe(true);
  });

  it('a web page instead of the file fails, says so, and keeps nothing', async () => {
    const h = await harness();
    h.host.behave({ type: 'html' });
    await h.download.start();
    expect(h.download.view()).toMatchObject({ state: 'failed', receivedBytes: 0 });
    expect(h.download.view().message).toMatch(/web page/);
    expect(leftovers(h.path)).toEqual({ model: false, part: false });
  });

  it('bytes that are not GGUF fail, say so, and keep nothing', async () => {
    const h = await harness();
    h.host.behave({ type: 'bytes', body: Buffer.alloc(10_000, 1) });
    await h.download.start();
    expect(h.download.view().state).toBe('failed');
    expect(h.download.view().message).toMatch(/not a GGUF/);
    expect(leftovers(h.path)).toEqual({ model: false, part: false });
  });

  it('a GGUF whose header is cut short fails verification and keeps nothing', async () => {
    const h = await harness();
    h.host.behave({ type: 'bytes', body: MODEL.subarray(0, 40) });
    await h.download.start();
    expect(h.download.view().state).toBe('failed');
    expect(h.download.view().message).toMatch(/GGUF.*removed/);
    expect(leftovers(h.path)).toEqual({ model: false, part: false });
  });

  it('a wrong checksum fails, says so, and keeps nothing', async () => {
    const h = await harness({ sha256: '0'.repeat(64) });
    await h.download.start();
    expect(h.download.view().state).toBe('failed');
    expect(h.download.view().message).toMatch(/checksum/);
    expect(leftovers(h.path)).toEqual({ model: false, part: false });
    expect(h.finished).toEqual([]);
  });

  it('refuses to start without the disk space it needs, before asking the server', async () => {
    const h = await harness({ files: { freeBytes: async () => MODEL.length - 1 } });
    await h.download.start();
    expect(h.download.view().state).toBe('failed');
    expect(h.download.view().message).toMatch(/Not enough disk space/);
    expect(h.host.ranges).toEqual([]);
  });

  it('a disk that fills up mid-way fails with a clear message and keeps what arrived for Resume', async () => {
    let written = 0;
    const h = await harness({
      files: {
        openForWrite: async (path, mode) => {
          const real = await nodeDownloadFiles.openForWrite(path, mode);
          return {
            write: async (chunk) => {
              if (written > 64_000) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
              written += chunk.length;
              await real.write(chunk);
            },
            close: () => real.close(),
          };
        },
      },
    });
    await h.download.start();
    expect(h.download.view().state).toBe('failed');
    expect(h.download.view().message).toMatch(/disk is full/);
    expect(leftovers(h.path)).toEqual({ model: false, part: true });
  });

  it('cancel stops the transfer and removes the partial file', async () => {
    const h = await harness();
    h.host.behave({ type: 'hold', afterBytes: 100_000 });
    const running = h.download.start();
    await h.whenEvent((e) => e.receivedBytes >= 100_000);
    await h.download.cancel();
    await running;
    expect(h.download.view()).toMatchObject({ state: 'cancelled', receivedBytes: 0 });
    expect(leftovers(h.path)).toEqual({ model: false, part: false });
    await h.download.start();
    expect(h.host.ranges).toHaveLength(1);
  });
});

describe('download progress', () => {
  it('tells the latest bytes after a throttled burst, even when the transfer then stalls', async () => {
    const host = await startFakeModelHost(MODEL);
    cleanups.defer(() => host.close());
    const folder = cleanups.tempDir('model-download-');
    host.behave({ type: 'hold', afterBytes: 200_000 });
    let clock = 0;
    const seen: DownloadView[] = [];
    let reached: () => void = () => undefined;
    const stalledAtTheEnd = new Promise<void>((resolve) => (reached = resolve));
    const download = createModelDownload(
      { downloadId: 'd', catalogueId: 't', url: host.url, path: join(folder, 'm.gguf'), expectedBytes: MODEL.length, sha256: null },
      {
        files: nodeDownloadFiles,
        fetch,
        folder,
        // A clock that never moves: every chunk after the first falls inside the interval.
        now: () => clock,
        progressIntervalMs: 1,
        diskHeadroomBytes: 0,
        emit: (view) => {
          seen.push(view);
          if (view.receivedBytes === 200_000) reached();
        },
        finished: async () => undefined,
      },
    );
    const running = download.start();
    await stalledAtTheEnd;
    clock = 1;
    expect(seen.at(-1)?.receivedBytes).toBe(200_000);
    host.release();
    await running;
    expect(download.view().state).toBe('done');
  });
});
