import { describe, expect, it } from 'vitest';
import { catalogueSchema } from '../../../../shared/engine/model-library';
import { catalogueEntry, downloadUrl, modelCatalogue } from './model-catalogue';
import raw from './model-catalogue.json';

describe('the model catalogue', () => {
  it('passes its schema: every model has a repo, a .gguf file, a size, a licence and its architecture facts', () => {
    expect(() => catalogueSchema.parse(raw)).not.toThrow();
    expect(modelCatalogue().length).toBeGreaterThanOrEqual(8);
  });

  it('never carries a made-up checksum: each is null or 64 hex digits', () => {
    for (const entry of modelCatalogue()) expect(entry.sha256 === null || /^[0-9a-f]{64}$/.test(entry.sha256)).toBe(true);
  });

  it('holds a model that downloads in under a gigabyte, for a first run on a small machine', () => {
    expect(modelCatalogue().some((entry) => entry.sizeBytes < 1_000_000_000)).toBe(true);
  });

  it('refuses a duplicate id, a file that is not .gguf, a malformed checksum and a missing architecture', () => {
    const first = raw.models[0]!;
    expect(catalogueSchema.safeParse({ ...raw, models: [first, first] }).success).toBe(false);
    expect(catalogueSchema.safeParse({ ...raw, models: [{ ...first, file: 'model.bin' }] }).success).toBe(false);
    expect(catalogueSchema.safeParse({ ...raw, models: [{ ...first, sha256: 'abc' }] }).success).toBe(false);
    const { architecture: _dropped, ...noArchitecture } = first;
    expect(catalogueSchema.safeParse({ ...raw, models: [noArchitecture] }).success).toBe(false);
  });

  it('builds the hub resolve URL and finds entries by id', () => {
    const entry = catalogueEntry('qwen2.5-0.5b-instruct-q4_k_m')!;
    expect(downloadUrl(entry, 'https://huggingface.co/')).toBe(
      'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    );
    expect(catalogueEntry('no-such-model')).toBeNull();
  });
});
