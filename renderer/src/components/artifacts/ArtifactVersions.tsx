interface Props {
  count: number;
  /** Zero-based index of the version shown. */
  current: number;
  onSelect(index: number): void;
}

/** ‹ v1 v2 v3 ›: the versions the model wrote of one artifact, oldest first. */
export function ArtifactVersions({ count, current, onSelect }: Props) {
  return (
    <nav className="artifact-versions" aria-label="Versions" data-testid="artifact-versions">
      <button
        type="button"
        className="artifact-version-step"
        aria-label="Previous version"
        disabled={current === 0}
        onClick={() => onSelect(current - 1)}
      >
        ‹
      </button>
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          className="artifact-version"
          aria-current={index === current ? 'true' : undefined}
          data-testid={`artifact-version-${index + 1}`}
          onClick={() => onSelect(index)}
        >
          v{index + 1}
        </button>
      ))}
      <button
        type="button"
        className="artifact-version-step"
        aria-label="Next version"
        disabled={current === count - 1}
        onClick={() => onSelect(current + 1)}
      >
        ›
      </button>
    </nav>
  );
}
