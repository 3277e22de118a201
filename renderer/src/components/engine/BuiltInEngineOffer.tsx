import { useEffect, useRef, useState } from 'react';
import { formatBytes } from '../../../../shared/models/format-bytes';
import { useTaco } from '../../store/store-context';
import { DownloadProgress } from './DownloadProgress';

/**
 * The first-run choice beside "Connect to Ollama": download the suggested model for the built-in
 * engine (or use one already on disk). When the download finishes, the model is selected and the
 * user can chat, with no terminal.
 */
export function BuiltInEngineOffer() {
  const library = useTaco((state) => state.engineLibrary);
  const load = useTaco((state) => state.loadEngineLibrary);
  const download = useTaco((state) => state.downloadEngineModel);
  const use = useTaco((state) => state.useEngineModel);
  const [message, setMessage] = useState<string | null>(null);
  const [using, setUsing] = useState(false);
  const started = useRef<string | null>(null);
  useEffect(() => {
    void load();
  }, [load]);

  const suggested = library?.catalogue.find((item) => item.entry.id === library.suggestedId) ?? null;
  const local = library?.local[0] ?? null;
  const finished = started.current ? (library?.local.find((model) => model.catalogueId === started.current) ?? null) : null;
  const pending = suggested ? (library?.downloads.find((d) => d.catalogueId === suggested.entry.id && d.state !== 'done') ?? null) : null;

  const useModel = async (modelId: string) => {
    setUsing(true);
    const result = await use(modelId);
    setUsing(false);
    setMessage(result.ok ? null : result.message);
  };

  useEffect(() => {
    if (!finished) return;
    started.current = null;
    void useModel(finished.modelId);
    // Runs once per finished download: useModel is recreated each render, the model id is what matters.
  }, [finished?.modelId]);

  if (!library || !suggested) return null;
  return (
    <div className="engine-offer" data-testid="built-in-engine-offer">
      <h3 className="engine-subheading">Or run a model inside TACO</h3>
      <p>The built-in engine needs no Ollama and no terminal: TACO downloads a small model that can use tools, then you can chat.</p>
      {pending ? (
        <DownloadProgress download={pending} name={suggested.entry.name} />
      ) : (
        <div className="banner-actions">
          {local ? (
            <button
              type="button"
              className="button primary"
              data-testid="use-built-in"
              disabled={using}
              onClick={() => void useModel(local.modelId)}
            >
              {using ? 'Starting…' : `Use the built-in engine with ${local.name}`}
            </button>
          ) : (
            <button
              type="button"
              className="button primary"
              data-testid="download-built-in"
              onClick={() => {
                started.current = suggested.entry.id;
                void download(suggested.entry.id).then((result) => setMessage(result.ok ? null : result.message));
              }}
            >
              Use the built-in engine: download {suggested.entry.name} ({formatBytes(suggested.entry.sizeBytes)})
            </button>
          )}
        </div>
      )}
      {message && (
        <p className="engine-download-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
