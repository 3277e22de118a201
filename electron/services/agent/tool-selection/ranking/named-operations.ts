import { toolsNamedInPrompt } from '../used-tools';
import {
  COMMAND_LEAD_WORDS,
  COMMAND_PROGRAMS,
  COMMAND_TOOL,
  COMMAND_VERBS,
  COMMAND_WORDS,
  FILE_NAME,
  FILE_OPERATIONS,
  SHELL_PHRASES,
} from './operation-words';

/**
 * The enabled tools the request asks for itself, always offered: those it names by id
 * ("use web_search") and those it names by their operation (`toolsForNamedOperations`).
 */
export function toolsTheRequestNames(toolIds: readonly string[], request: string): string[] {
  const enabled = new Set(toolIds);
  const byId = toolsNamedInPrompt(
    toolIds.map((toolId) => ({ info: { toolId } })),
    request,
  );
  return [...new Set([...byId, ...toolsForNamedOperations(request).filter((id) => enabled.has(id))])];
}

/**
 * The built-in tools a request names by the operation it asks for, best known first: a shell
 * command ("cat notes.txt", "git status", "run `make build`") names run_command; a file name with
 * a verb of reading or writing ("print the contents of notes.txt") names read_file or write_file.
 * The ranking may miss these (a command's words are not a tool's words), so the loop always offers
 * them, as it does a tool the request names by its id. Ids only: the caller keeps the enabled ones.
 */
export function toolsForNamedOperations(request: string): string[] {
  const tools: string[] = [];
  if (namesCommand(request)) tools.push(COMMAND_TOOL);
  if (FILE_NAME.test(request)) {
    for (const operation of FILE_OPERATIONS) if (operation.verbs.test(request)) tools.push(operation.tool);
  }
  return tools;
}

/** Whether the request names a shell command (see operation-words.ts for the rule). */
export function namesCommand(request: string): boolean {
  if (SHELL_PHRASES.some((phrase) => phrase.test(request))) return true;
  return commandSegments(request).some(segmentNamesCommand);
}

/** The request's lines and its `code spans`: each may start a command. */
function commandSegments(request: string): string[] {
  const spans = [...request.matchAll(/`+([^`]+)`+/g)].map((match) => match[1] ?? '');
  return [...request.split('\n'), ...spans];
}

function segmentNamesCommand(segment: string): boolean {
  const words = segment.trim().split(/\s+/).filter(Boolean);
  for (const [index, raw] of words.entries()) {
    const word = bare(raw);
    const lower = raw === raw.toLowerCase();
    if (COMMAND_PROGRAMS.has(word) && (lower || (index === 0 && raw !== raw.toUpperCase()))) return true;
    if (!COMMAND_WORDS.has(word) || !lower) continue;
    const before = bare(words[index - 1] ?? '');
    if (COMMAND_VERBS.has(before)) return true;
    const inPosition = index === 0 || COMMAND_LEAD_WORDS.has(before);
    const rest = words.slice(index + 1);
    const next = rest[0];
    if (inPosition && (next === undefined || looksLikeArgument(next) || rest.some(isShellOperator))) return true;
  }
  return false;
}

/** A word with the punctuation of a sentence around it taken off ("`ls`," → "ls"). */
function bare(word: string): string {
  return word.toLowerCase().replace(/^[`"'(]+|[`"'),.:;!?]+$/g, '');
}

/** A pipe, a redirection or a chain between the words of a command line ("echo hi > a.txt"). */
function isShellOperator(word: string): boolean {
  return /^(?:\||>>?|<|&&|\|\||2>(?:&1)?)$/.test(word);
}

/** What only a command line has after a program: a flag, a path or file name, a pipe, a redirection, a glob. */
function looksLikeArgument(word: string): boolean {
  return /^(?:-{1,2}\w|[|<>]|&&|[~.]?\/|\.{1,2}$|\*)/.test(word) || /\w\.[a-z][a-z0-9]{0,5}[,.!?]?$/i.test(word) || /\//.test(word);
}
