import { catalogueSchema, type Catalogue, type CatalogueEntry } from '../../../../shared/engine/model-library';
import raw from './model-catalogue.json';

/** The curated catalogue, checked against its schema once, when first asked for. */
let parsed: Catalogue | null = null;

export function modelCatalogue(): readonly CatalogueEntry[] {
  parsed ??= catalogueSchema.parse(raw);
  return parsed.models;
}

export function catalogueEntry(id: string): CatalogueEntry | null {
  return modelCatalogue().find((entry) => entry.id === id) ?? null;
}

/** Where a catalogue file is downloaded from: the hub's resolve URL for the main branch. */
export function downloadUrl(entry: CatalogueEntry, baseUrl: string): string {
  const repo = entry.repo.split('/').map(encodeURIComponent).join('/');
  return `${baseUrl.replace(/\/+$/, '')}/${repo}/resolve/main/${encodeURIComponent(entry.file)}`;
}
