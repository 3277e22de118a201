export interface MemoryNote {
  id: string;
  note: string;
  savedAt: number;
}

/**
 * Ranks notes for a query: a note scores one point per query word it contains (case-insensitive);
 * notes without any word are left out; ties go to the newest. An empty query returns the newest.
 */
export function rankNotes(notes: readonly MemoryNote[], query: string, limit: number): MemoryNote[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  const count = Math.max(0, Math.floor(limit));
  const scored = notes.map((note, index) => {
    const text = note.note.toLowerCase();
    return { note, index, score: words.filter((word) => text.includes(word)).length };
  });
  return scored
    .filter((entry) => words.length === 0 || entry.score > 0)
    .sort((a, b) => b.score - a.score || b.note.savedAt - a.note.savedAt || b.index - a.index)
    .slice(0, count)
    .map((entry) => entry.note);
}
