import type { DownloadView } from '../../../../shared/engine/model-library';
import { formatBytes } from '../../../../shared/models/format-bytes';
import { useTaco } from '../../store/store-context';

/** A download's bar, its bytes, and Pause / Resume / Cancel; a failure says why in words. */
export function DownloadProgress({ download, name }: { download: DownloadView; name: string }) {
  const pause = useTaco((state) => state.pauseEngineDownload);
  const resume = useTaco((state) => state.resumeEngineDownload);
  const cancel = useTaco((state) => state.cancelEngineDownload);
  const { state, receivedBytes, totalBytes } = download;
  const percent = totalBytes ? Math.floor((receivedBytes / totalBytes) * 100) : null;
  const amount = `${formatBytes(receivedBytes)}${totalBytes ? ` of ${formatBytes(totalBytes)}` : ''}`;
  const status =
    state === 'verifying'
      ? 'Checking the file…'
      : state === 'paused'
        ? `Paused at ${amount}`
        : state === 'failed'
          ? 'Download failed'
          : state === 'done'
            ? 'Downloaded'
            : `Downloading ${amount}${percent !== null ? ` (${percent}%)` : ''}`;
  return (
    <div className="engine-download" data-testid="engine-download" data-state={state}>
      <progress
        className="engine-progress"
        aria-label={`Downloading ${name}`}
        max={totalBytes ?? undefined}
        value={totalBytes ? receivedBytes : undefined}
      />
      <p className="engine-download-status" aria-live="polite">
        {status}
      </p>
      {download.message && (
        <p className="engine-download-error" role="alert">
          {download.message}
        </p>
      )}
      <div className="engine-actions">
        {state === 'downloading' && (
          <button type="button" className="button" onClick={() => void pause(download.downloadId)}>
            Pause
          </button>
        )}
        {(state === 'paused' || state === 'failed') && (
          <button type="button" className="button" onClick={() => void resume(download.downloadId)}>
            {state === 'failed' ? 'Try again' : 'Resume'}
          </button>
        )}
        {state !== 'done' && state !== 'verifying' && (
          <button type="button" className="button" onClick={() => void cancel(download.downloadId)}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
