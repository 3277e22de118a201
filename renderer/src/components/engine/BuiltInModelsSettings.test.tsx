import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../../shared/contract/contract-error';
import { estimateFit } from '../../../../shared/engine/model-fit';
import type { CatalogueEntry, LibraryView } from '../../../../shared/engine/model-library';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { BuiltInModelsSettings } from './BuiltInModelsSettings';

const GB = 1_000_000_000;
const machine = { totalRamBytes: 8 * GB, freeRamBytes: 4 * GB, vramBytes: null };
const entry = (id: string, name: string, sizeBytes: number): CatalogueEntry => ({
  id,
  name,
  repo: 'org/repo',
  file: `${id}.gguf`,
  sizeBytes,
  sha256: null,
  licence: 'Apache-2.0',
  goodAt: 'Tool calls.',
  architecture: { layers: 28, kvHeads: 8, headDim: 128, contextLength: 32768 },
});
const view = (item: CatalogueEntry) => ({
  entry: item,
  fit: estimateFit({ weightsBytes: item.sizeBytes, architecture: item.architecture, contextTokens: 8192, machine }),
  localModelId: null,
});
const library: LibraryView = {
  machine,
  catalogue: [view(entry('small-one', 'Small One', 0.5 * GB)), view(entry('huge-one', 'Huge One', 40 * GB))],
  local: [
    {
      modelId: 'mine',
      name: 'my-model',
      path: '/models/my-model.gguf',
      sizeBytes: GB,
      sha256: null,
      source: 'added',
      catalogueId: null,
      architecture: null,
      fit: null,
    },
  ],
  downloads: [],
  suggestedId: 'small-one',
};

describe('Settings → Built-in models', () => {
  it('labels each model with its fit, downloads, uses and removes, and says why a file is refused', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('engineLibrary.list', () => library);
    api.handle('engineLibrary.download', () => ({ downloadId: 'd1' }));
    api.handle('engineLibrary.use', () => ({ model: 'built-in::my-model.gguf' }));
    api.handle('engineLibrary.remove', () => ({ removed: true }));
    api.handle('engineLibrary.addFile', () => {
      throw new ContractError('invalid-payload', 'This is not a GGUF model file (it does not start with "GGUF").');
    });
    await renderWithStore(<BuiltInModelsSettings />, { api });

    const rows = await screen.findAllByTestId('engine-catalogue-model');
    expect(rows.map((row) => within(row).getByTestId('fit-badge').textContent)).toEqual(['Fits', "Won't fit"]);

    await user.click(screen.getByRole('button', { name: 'Download Small One (500.0 MB)' }));
    expect(api.callsOf('engineLibrary.download')).toEqual([{ catalogueId: 'small-one' }]);

    await user.click(screen.getByRole('button', { name: 'Use' }));
    await waitFor(() => expect(api.callsOf('engineLibrary.use')).toEqual([{ modelId: 'mine' }]));

    await user.click(screen.getByRole('button', { name: 'Remove my-model from the list' }));
    expect(api.callsOf('engineLibrary.remove')).toEqual([{ modelId: 'mine' }]);

    await user.type(screen.getByLabelText('Add a GGUF file'), '/tmp/page.gguf');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(api.callsOf('engineLibrary.addFile')).toEqual([{ path: '/tmp/page.gguf' }]);
    expect((await screen.findByRole('alert')).textContent).toContain('not a GGUF model file');
  });
});
