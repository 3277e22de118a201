import 'katex/dist/katex.min.css';
import remarkMath from 'remark-math';
import type { Options } from 'react-markdown';
import { rehypeMathBounded } from './math/rehype-math-bounded';

type PluggableList = NonNullable<Options['rehypePlugins']>;

/**
 * Maths in `$$…$$` (inline, alone in a paragraph — then display maths — or as a block), typeset
 * by KaTeX. Loaded on first use (shared-math.ts). A single `$` is not maths ("$5 and $10" stays
 * text). `trust: false` keeps \href, \url, \includegraphics and \html… out; errors show as the
 * source in red, never as a thrown error; `maxSize` and `maxExpand` bound what a hostile formula
 * can draw or expand, and the caps of `rendererMath` what it may cost (math/rehype-math-bounded.ts).
 */
export const MATH_REMARK: PluggableList = [[remarkMath, { singleDollarTextMath: false }]];
export const MATH_REHYPE: PluggableList = [
  [rehypeMathBounded, { trust: false, strict: 'ignore', maxSize: 20, maxExpand: 200, output: 'htmlAndMathml' }],
];
