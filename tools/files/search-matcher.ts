export interface FileMatcher {
  matchesName(name: string): boolean;
  /** False for a pattern with * or ?: it matches file names only. */
  searchesContent: boolean;
  matchesLine(line: string): boolean;
}

/**
 * Plain text: case-insensitive substring of a file name or of a line. With * or ?: a file-name
 * glob (* any run of characters, ? one character), matched against the whole name; folders in
 * the pattern (the "src/" of "src/*.py") are ignored, since the search already goes through every folder.
 */
export function createFileMatcher(pattern: string): FileMatcher {
  const wanted = pattern.trim().toLowerCase();
  if (/[*?]/.test(wanted)) {
    const namePart = wanted.split(/[\\/]/).pop() ?? wanted;
    const source = namePart
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.');
    const glob = new RegExp(`^${source}$`, 'i');
    return { matchesName: (name) => glob.test(name), searchesContent: false, matchesLine: () => false };
  }
  return {
    matchesName: (name) => name.toLowerCase().includes(wanted),
    searchesContent: true,
    matchesLine: (line) => line.toLowerCase().includes(wanted),
  };
}
