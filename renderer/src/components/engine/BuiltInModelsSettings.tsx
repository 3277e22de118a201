import { useEffect, useState, type FormEvent } from 'react';
import type { CatalogueView, LocalModelView } from '../../../../shared/engine/model-library';
import { formatBytes } from '../../../../shared/models/format-bytes';
import { useTaco } from '../../store/store-context';
import { DownloadProgress } from './DownloadProgress';
import { FitBadge } from './FitBadge';

/** Settings → Built-in models: the catalogue with fit labels, downloads, the models on disk, and "Add a GGUF file". */
export function BuiltInModelsSettings() {
  const library = useTaco((state) => state.engineLibrary);
  const error = useTaco((state) => state.engineLibraryError);
  const load = useTaco((state) => state.loadEngineLibrary);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    void load();
  }, [load]);

  if (!library) return <p className="field-hint">{error ?? 'Loading the model list…'}</p>;
  const onDisk = library.local;
  return (
    <fieldset className="settings-section engine-library" data-testid="built-in-models">
      <legend className="section-title">Built-in models</legend>
      <p className="field-hint">
        The built-in engine runs GGUF models inside TACO, with no Ollama. Labels compare each model with this machine&apos;s{' '}
        {formatBytes(library.machine.totalRamBytes)} of memory ({formatBytes(library.machine.freeRamBytes)} free) at an 8K context.
      </p>
      {message && (
        <p className="engine-download-error" role="alert">
          {message}
        </p>
      )}
      <h3 className="engine-subheading">On this computer</h3>
      {onDisk.length === 0 ? (
        <p className="field-hint">No models yet: download one below or add a GGUF file you already have.</p>
      ) : (
        <ul className="engine-list">
          {onDisk.map((model) => (
            <LocalModelRow key={model.modelId} model={model} onMessage={setMessage} />
          ))}
        </ul>
      )}
      <AddGgufFile onMessage={setMessage} />
      <h3 className="engine-subheading">Models you can download</h3>
      <ul className="engine-list">
        {library.catalogue.map((item) => (
          <CatalogueRow key={item.entry.id} item={item} onMessage={setMessage} />
        ))}
      </ul>
    </fieldset>
  );
}

function LocalModelRow({ model, onMessage }: { model: LocalModelView; onMessage(message: string | null): void }) {
  const use = useTaco((state) => state.useEngineModel);
  const remove = useTaco((state) => state.removeEngineModel);
  const run = async (action: () => Promise<{ ok: true } | { ok: false; message: string }>) => {
    const result = await action();
    onMessage(result.ok ? null : result.message);
  };
  return (
    <li className="engine-row" data-testid="engine-local-model">
      <div className="engine-row-main">
        <span className="engine-name">{model.name}</span>
        {model.fit && <FitBadge fit={model.fit} />}
        <span className="engine-meta">
          {formatBytes(model.sizeBytes)} · {model.source === 'added' ? 'added from disk' : 'downloaded'}
        </span>
        <span className="engine-path" title={model.path}>
          {model.path}
        </span>
      </div>
      <div className="engine-actions">
        <button type="button" className="button primary" onClick={() => void run(() => use(model.modelId))}>
          Use
        </button>
        <button
          type="button"
          className="button"
          aria-label={model.source === 'added' ? `Remove ${model.name} from the list` : `Delete ${model.name}`}
          onClick={() => void run(() => remove(model.modelId))}
        >
          {model.source === 'added' ? 'Remove' : 'Delete'}
        </button>
      </div>
    </li>
  );
}

function CatalogueRow({ item, onMessage }: { item: CatalogueView; onMessage(message: string | null): void }) {
  const download = useTaco((state) => state.engineLibrary?.downloads.find((d) => d.catalogueId === item.entry.id) ?? null);
  const start = useTaco((state) => state.downloadEngineModel);
  const { entry, fit } = item;
  return (
    <li className="engine-row" data-testid="engine-catalogue-model" data-id={entry.id}>
      <div className="engine-row-main">
        <span className="engine-name">{entry.name}</span>
        <FitBadge fit={fit} />
        <span className="engine-meta">
          {formatBytes(entry.sizeBytes)} · {entry.licence}
        </span>
        <span className="engine-good-at">{entry.goodAt}</span>
        <span className="engine-fit-reason">{fit.reason}</span>
      </div>
      <div className="engine-actions">
        {item.localModelId ? (
          <span className="engine-meta">On this computer</span>
        ) : download && download.state !== 'done' ? null : (
          <button
            type="button"
            className="button"
            aria-label={`Download ${entry.name} (${formatBytes(entry.sizeBytes)})`}
            onClick={() => void start(entry.id).then((result) => onMessage(result.ok ? null : result.message))}
          >
            Download
          </button>
        )}
      </div>
      {download && download.state !== 'done' && <DownloadProgress download={download} name={entry.name} />}
    </li>
  );
}

function AddGgufFile({ onMessage }: { onMessage(message: string | null): void }) {
  const add = useTaco((state) => state.addGgufFile);
  const [path, setPath] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await add(path.trim());
    onMessage(result.ok ? null : result.message);
    if (result.ok) setPath('');
  };
  return (
    <form className="engine-add-file" onSubmit={(event) => void submit(event)}>
      <label htmlFor="engine-gguf-path">Add a GGUF file</label>
      <div className="engine-add-file-row">
        <input
          id="engine-gguf-path"
          placeholder="/path/to/model.gguf"
          value={path}
          onChange={(event) => setPath(event.target.value)}
          spellCheck={false}
        />
        <button type="submit" className="button" disabled={path.trim() === ''}>
          Add
        </button>
      </div>
    </form>
  );
}
