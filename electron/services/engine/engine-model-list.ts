import { stat } from 'node:fs/promises';
import { builtInModelName } from '../../../shared/models/built-in-server';
import type { ModelInfo } from '../../../shared/models/models';
import type { EngineConfig } from '../../../shared/models/servers';
import { ProviderError } from '../provider/provider-types';
import { engineMessages } from './engine-messages';

/** The one model a built-in server offers: its GGUF file, read from disk without loading anything. */
export async function listEngineModels(engine: EngineConfig, host: string): Promise<ModelInfo[]> {
  const size = await stat(engine.modelPath).then(
    (found) => found.size,
    () => {
      throw new ProviderError('model-not-found', engineMessages.notFound(engine.modelPath), host);
    },
  );
  return [
    {
      name: builtInModelName(engine.modelPath),
      sizeBytes: size,
      family: null,
      parameterSize: null,
      quantization: null,
      capabilities: null,
    },
  ];
}
