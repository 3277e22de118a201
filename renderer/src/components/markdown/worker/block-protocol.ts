import type { Root } from 'hast';

/**
 * What the window asks the markdown worker, and what it answers. One request per finished block;
 * the answer is the block's hast tree (plain data: it crosses the worker boundary by structured
 * clone), which the window turns into React elements through the same URL policy and components
 * as every other block (`tree-to-elements.ts`).
 */
export interface BlockRequest {
  id: number;
  text: string;
  /** Typeset `$$…$$` (within the caps of `rendererMath`). */
  math: boolean;
  /** Highlight code fences that name a language. */
  highlight: boolean;
}

export type BlockReply = { type: 'tree'; id: number; tree: Root } | { type: 'failed'; id: number; message: string };

/** The worker's answer, checked before use: anything else is a failed block, never a crash. */
export function parseBlockReply(data: unknown): BlockReply | null {
  if (typeof data !== 'object' || data === null) return null;
  const reply = data as { type?: unknown; id?: unknown; tree?: unknown; message?: unknown };
  if (typeof reply.id !== 'number') return null;
  if (reply.type === 'tree' && typeof reply.tree === 'object' && reply.tree !== null && (reply.tree as { type?: unknown }).type === 'root')
    return { type: 'tree', id: reply.id, tree: reply.tree as Root };
  if (reply.type === 'failed' && typeof reply.message === 'string') return { type: 'failed', id: reply.id, message: reply.message };
  return null;
}

/** Blocks worth the trip to the worker: finished ones with maths, or long ones. */
export function wantsWorker(text: string, minChars: number): boolean {
  return text.length >= minChars || HAS_MATH.test(text);
}

/** A block with `$$…$$`: typeset (in the worker). */
export const HAS_MATH = /\$\$[^$]+\$\$/;

/**
 * A fenced code block that names a language: highlighted. Not a ```mermaid fence: it is drawn, and
 * highlight.js has no grammar for it, so loading the highlighter for it (its chunk registers every
 * grammar, ~25 ms in one task) colours nothing.
 */
export const FENCE_WITH_LANGUAGE = /^ {0,3}(`{3,}|~{3,})[ \t]*(?!mermaid(?![\w+#.-]))[\w+#.-]/m;
