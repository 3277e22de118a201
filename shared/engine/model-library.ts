import { z } from 'zod';

/** What the fit estimate needs of a model: read from the GGUF header, or from the catalogue before download. */
export const architectureFactsSchema = z
  .object({
    layers: z.number().int().min(1).max(1024),
    kvHeads: z.number().int().min(1).max(1024),
    headDim: z.number().int().min(1).max(4096),
    contextLength: z.number().int().min(256).max(16_777_216),
  })
  .strict();
export type ArchitectureFacts = z.infer<typeof architectureFactsSchema>;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits');

/** One model of the curated catalogue (electron/services/engine/library/model-catalogue.json). */
export const catalogueEntrySchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9._-]{1,80}$/),
    name: z.string().min(1).max(80),
    /** A Hugging Face repository, owner/name. */
    repo: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/),
    /** The file in that repository (a single-file GGUF). */
    file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\.gguf$/),
    /** As the hub lists it (the download checks the exact length the server sends). */
    sizeBytes: z.number().int().positive(),
    /** null when not verified from the file: the download then records the SHA-256 of what arrived. */
    sha256: sha256.nullable(),
    licence: z.string().min(1).max(80),
    goodAt: z.string().min(1).max(200),
    architecture: architectureFactsSchema,
  })
  .strict();
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;

export const catalogueSchema = z
  .object({
    about: z.string(),
    models: z.array(catalogueEntrySchema).min(1),
  })
  .strict()
  .superRefine((catalogue, ctx) => {
    const seen = new Set<string>();
    for (const model of catalogue.models) {
      if (seen.has(model.id)) ctx.addIssue({ code: 'custom', message: `The model id ${model.id} appears twice.` });
      seen.add(model.id);
    }
  });
export type Catalogue = z.infer<typeof catalogueSchema>;

export type FitLabel = 'fits' | 'may-be-slow' | 'wont-fit';

/** The memory a machine has for a model; vramBytes is null where it is not known (no GPU found, or not asked). */
export interface MachineMemory {
  totalRamBytes: number;
  freeRamBytes: number;
  vramBytes: number | null;
}

export interface FitEstimate {
  label: FitLabel;
  /** Weights + KV cache + overhead, in bytes. */
  needBytes: number;
  weightsBytes: number;
  kvCacheBytes: number;
  contextTokens: number;
  /** One sentence for the user: why this label. */
  reason: string;
}

export type DownloadState = 'downloading' | 'paused' | 'verifying' | 'done' | 'failed' | 'cancelled';

/** A download as the renderer sees it (one per catalogue model at a time). */
export interface DownloadView {
  downloadId: string;
  catalogueId: string;
  state: DownloadState;
  receivedBytes: number;
  /** null until the server says how long the file is. */
  totalBytes: number | null;
  /** Why it failed or stopped, in words for the user; null otherwise. */
  message: string | null;
}

/** A GGUF file TACO can run: downloaded into its models folder, or added from where it is. */
export interface LocalModelView {
  modelId: string;
  name: string;
  path: string;
  sizeBytes: number;
  /** The SHA-256 recorded when it was downloaded (null for added files: they are not hashed). */
  sha256: string | null;
  source: 'downloaded' | 'added';
  catalogueId: string | null;
  architecture: ArchitectureFacts | null;
  fit: FitEstimate | null;
}

export interface CatalogueView {
  entry: CatalogueEntry;
  fit: FitEstimate;
  /** Set when this model is on disk. */
  localModelId: string | null;
}

export interface LibraryView {
  machine: MachineMemory;
  catalogue: CatalogueView[];
  local: LocalModelView[];
  downloads: DownloadView[];
  /** The model the welcome offers first: the best catalogue model that fits. */
  suggestedId: string | null;
}

export const catalogueIdSchema = z.string().regex(/^[a-z0-9][a-z0-9._-]{1,80}$/, 'must be a catalogue model id');
