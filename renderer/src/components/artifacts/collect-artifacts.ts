import type { ConversationView } from '../../store/events/conversation-view';
import { artifactKind, type ArtifactKind } from './artifact-kinds';
import { artifactTitle } from './artifact-title';
import { fencedBlocks } from './fenced-blocks';

export interface ArtifactVersion {
  code: string;
  /** The assistant turn that wrote this version. */
  turnId: string;
}

export interface Artifact {
  /** Stable within the conversation: kind and title, or kind and the turn and place of its first version. */
  key: string;
  kind: ArtifactKind;
  title: string | null;
  versions: ArtifactVersion[];
}

/**
 * The conversation's artifacts with their versions, from the answers' previewable code blocks in
 * order. A block is a new version of an earlier artifact when it has the same kind and title, or,
 * untitled, when an earlier answer (not the same one) wrote an untitled artifact of its kind: the
 * model revising it. A block equal to the artifact's latest version adds no version.
 */
export function collectArtifacts(view: Pick<ConversationView, 'items'>): Artifact[] {
  const artifacts: Artifact[] = [];
  const byTitle = new Map<string, Artifact>();
  const lastUntitled = new Map<ArtifactKind, Artifact>();
  for (const item of view.items) {
    if (item.type !== 'assistant') continue;
    const createdHere = new Set<Artifact>();
    let place = 0;
    for (const part of item.parts) {
      if (part.type !== 'text') continue;
      for (const block of fencedBlocks(part.text)) {
        const kind = artifactKind(block.language);
        if (kind === null) continue;
        place += 1;
        const title = artifactTitle(kind, block.code);
        const titleKey = title === null ? null : `${kind}:${title}`;
        const untitledEarlier = lastUntitled.get(kind);
        const existing =
          titleKey !== null ? byTitle.get(titleKey) : untitledEarlier && !createdHere.has(untitledEarlier) ? untitledEarlier : undefined;
        if (existing) {
          if (existing.versions.at(-1)?.code !== block.code) existing.versions.push({ code: block.code, turnId: item.id });
          continue;
        }
        const created: Artifact = {
          key: titleKey ?? `${kind}@${item.id}#${place}`,
          kind,
          title,
          versions: [{ code: block.code, turnId: item.id }],
        };
        artifacts.push(created);
        createdHere.add(created);
        if (titleKey !== null) byTitle.set(titleKey, created);
        else lastUntitled.set(kind, created);
      }
    }
  }
  return artifacts;
}

/** Where a code block's text is among the artifacts: the artifact and the version index (the newest version with that text). */
export function locateArtifact(artifacts: readonly Artifact[], kind: ArtifactKind, code: string): { key: string; version: number } | null {
  for (const artifact of artifacts) {
    if (artifact.kind !== kind) continue;
    for (let version = artifact.versions.length - 1; version >= 0; version -= 1)
      if (artifact.versions[version]?.code === code) return { key: artifact.key, version };
  }
  return null;
}
