import { DEFAULTS } from '../../../shared/constants';
import { useTaco } from '../store/store-context';
import { TextWithCode } from './TextWithCode';
import { BuiltInEngineOffer } from './engine/BuiltInEngineOffer';

const PULL_COMMAND = 'ollama pull llama3.2';

/** What to do when Ollama cannot be reached, answers with an error, or has no models. */
export function OllamaBanner() {
  const models = useTaco((state) => state.models);
  const loading = useTaco((state) => state.modelsLoading);
  const loadModels = useTaco((state) => state.loadModels);
  const openSettings = useTaco((state) => state.setSettingsOpen);
  const openModels = useTaco((state) => state.setModelManagerOpen);
  if (!models || (models.type === 'ok' && models.models.length > 0)) return null;

  const kind = models.type === 'ok' ? 'no-models' : models.type;
  const retry = (
    <div className="banner-actions">
      <button type="button" className="button primary" data-testid="retry-button" disabled={loading} onClick={() => void loadModels()}>
        {loading ? 'Checking…' : kind === 'unreachable' ? 'Connect to Ollama' : 'Retry'}
      </button>
      {kind === 'no-models' && (
        <button type="button" className="button" data-testid="banner-download-model" onClick={() => openModels(true)}>
          Download a model
        </button>
      )}
      {kind !== 'no-models' && (
        <button type="button" className="button" onClick={() => openSettings(true)}>
          Change host
        </button>
      )}
    </div>
  );

  return (
    <section className={`banner banner-${kind}`} role="alert" data-testid="ollama-banner" data-kind={kind}>
      {kind === 'unreachable' && (
        <>
          <h2>Ollama is not reachable</h2>
          {/* Main's message says the same steps again, so the card says each step once, here. */}
          <p>
            TACO tried <code data-testid="ollama-host">{models.host}</code> and got no answer.
          </p>
          <ol>
            <li>
              Start Ollama: run <code>ollama serve</code> in a terminal (or open the Ollama app).
            </li>
            <li>
              No model yet? Get one with <code>{PULL_COMMAND}</code>.
            </li>
            <li>Then press Connect to Ollama.{models.host !== DEFAULTS.ollamaHost ? ' Or check the host in Settings.' : ''}</li>
          </ol>
        </>
      )}
      {kind === 'error' && (
        <>
          <h2>Ollama answered with an error</h2>
          <p>
            At <code data-testid="ollama-host">{models.host}</code>:{' '}
            <span className="banner-detail">{models.type === 'error' ? <TextWithCode text={models.message} /> : ''}</span>
          </p>
          <p>
            Check that Ollama is up to date and running (<code>ollama serve</code>), then press Retry.
          </p>
        </>
      )}
      {kind === 'no-models' && (
        <>
          <h2>No models installed yet</h2>
          <p>
            Ollama at <code data-testid="ollama-host">{models.host}</code> is running but has no models. Press Download a model (llama3.2 is
            a good small start), or run <code>{PULL_COMMAND}</code> in a terminal and press Retry.
          </p>
        </>
      )}
      {retry}
      {kind === 'unreachable' && <BuiltInEngineOffer />}
    </section>
  );
}
