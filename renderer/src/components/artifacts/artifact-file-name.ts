import { ARTIFACT_EXTENSION, type ArtifactKind } from './artifact-kinds';

/** A file name for an artifact: its title as a slug (else "artifact"), the version, the kind's extension. */
export function artifactFileName(kind: ArtifactKind, title: string | null, version: number): string {
  const slug = (title ?? 'artifact')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'artifact'}-v${version}.${ARTIFACT_EXTENSION[kind]}`;
}
