/** The built-in engine's model library: downloads and the "does it fit this machine" estimate. */
export const ENGINE_LIBRARY_DEFAULTS = {
  /** Context the fit label assumes when the user has chosen none (tokens). */
  fitContextTokens: 8192,
  /** Bytes per KV-cache element (f16 keys and values). */
  kvBytesPerElement: 2,
  /** Compute buffers and runtime on top of weights + KV cache, as a fraction of the weights. */
  overheadFraction: 0.1,
  /** ...and at least this much (bytes). */
  overheadMinBytes: 256 * 1024 * 1024,
  /** Share of free RAM (or VRAM) a model may take and still be labelled "Fits". */
  fitsShare: 0.8,
  /** Share of total RAM a model may take and be labelled "May be slow" (swapping, other apps squeezed). */
  slowShareOfTotal: 0.85,
  /** Disk room kept free on top of what a download still needs (bytes). */
  diskHeadroomBytes: 512 * 1024 * 1024,
  /** Progress events per download at most this often (ms). */
  progressIntervalMs: 250,
  /** The only host downloads come from (the catalogue names repositories on it). */
  downloadBaseUrl: 'https://huggingface.co',
  /** A GGUF header larger than this is refused as corrupt (bytes read before the tensor data). */
  maxHeaderBytes: 64 * 1024 * 1024,
} as const;
