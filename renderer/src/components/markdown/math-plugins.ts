import 'katex/dist/katex.min.css';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import type { Options } from 'react-markdown';

type PluggableList = NonNullable<Options['rehypePlugins']>;

/**
 * Maths in `$$…$$` (inline or as a block), typeset by KaTeX. Loaded on first use (shared-math.ts).
 * A single `$` is not maths ("$5 and $10" stays text). `trust: false` keeps \href, \url,
 * \includegraphics and \html… out; errors show as the source in red, never as a thrown error;
 * `maxSize` and `maxExpand` bound what a hostile formula can draw or expand.
 */
export const MATH_REMARK: PluggableList = [[remarkMath, { singleDollarTextMath: false }]];
export const MATH_REHYPE: PluggableList = [
  [rehypeKatex, { trust: false, throwOnError: false, strict: 'ignore', maxSize: 20, maxExpand: 200, output: 'htmlAndMathml' }],
];
