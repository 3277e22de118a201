import type { Root } from 'hast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { highlightTree } from '../code/highlight-tree';
import { lowlight } from '../code/lowlight-instance';
import { rehypeMathBounded } from '../math/rehype-math-bounded';
import { rehypeCitations } from '../rehype-citations';
import type { BlockRequest } from './block-protocol';

/**
 * `$$…$$` is maths, a single `$` is not ("$5 and $10" stays text). `trust: false` keeps \href,
 * \url, \includegraphics and \html… out; errors show as the source in red, never as a thrown
 * error; `maxSize` and `maxExpand` bound what a formula can draw or expand, and the caps of
 * `rendererMath` what it may cost.
 */
const MATH_REMARK: PluggableList = [[remarkMath, { singleDollarTextMath: false }]];
const MATH_REHYPE: PluggableList = [
  [rehypeMathBounded, { trust: false, strict: 'ignore', maxSize: 20, maxExpand: 200, output: 'htmlAndMathml' }],
];

function highlightWithLowlight() {
  return (tree: Root): void => highlightTree(tree, lowlight);
}

/**
 * One finished block of markdown as a hast tree, as react-markdown builds it (remark-parse, GFM,
 * remark-rehype keeping raw HTML as `raw` nodes, which the window shows as text), with maths
 * typeset and code highlighted. Needs no DOM: it runs in the markdown worker
 * (`markdown-worker.ts`), or in the window where there is no worker (tests).
 */
export function renderBlockTree(request: Omit<BlockRequest, 'id'>): Root {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(request.math ? MATH_REMARK : [])
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(request.math ? MATH_REHYPE : [])
    .use(request.highlight ? [highlightWithLowlight] : [])
    .use(rehypeCitations);
  return processor.runSync(processor.parse(request.text)) as Root;
}
