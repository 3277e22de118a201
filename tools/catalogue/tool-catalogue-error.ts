/** One thing wrong with the tool catalogue: which file, which field (if any), and what. */
export interface CatalogueProblem {
  /** Shown as given, e.g. "tools/files/read_file.json". */
  file: string;
  /** Dotted path inside the config, e.g. "parameters.path.type"; null for whole-file problems. */
  field: string | null;
  message: string;
}

export function formatProblem(problem: CatalogueProblem): string {
  return problem.field === null ? `${problem.file}: ${problem.message}` : `${problem.file}: field "${problem.field}": ${problem.message}`;
}

/**
 * The catalogue cannot be loaded. Thrown once at start-up with every problem found, so a bad
 * config stops the app with a message naming the file and the field.
 */
export class ToolCatalogueError extends Error {
  override readonly name = 'ToolCatalogueError';
  readonly problems: readonly CatalogueProblem[];

  constructor(problems: CatalogueProblem[]) {
    const lines = problems.map(formatProblem);
    const body = lines.length === 1 ? (lines[0] ?? '') : `${lines.length} problems in the tool catalogue:\n${lines.join('\n')}`;
    super(`${body}\nFix the tool files named above (the format is described in TOOLS.md), then start again.`);
    this.problems = problems;
  }
}
