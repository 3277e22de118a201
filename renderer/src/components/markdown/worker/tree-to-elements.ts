import type { Element, Nodes, Root } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { urlAttributes } from 'html-url-attributes';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { Components } from 'react-markdown';
import { markdownUrlTransform } from '../links/url-policy';

/**
 * Makes a tree from the markdown worker safe to show, as react-markdown does with its own (raw HTML
 * becomes text, every URL passes the policy) and more, since the tree crossed a boundary: no
 * event-handler property and no element that could run or load anything survives.
 */
export function sanitizeTree(tree: Root): void {
  const visit = (parent: Root | Element): void => {
    const children: Root['children'] = [];
    for (const node of parent.children) {
      if (node.type === 'raw') {
        children.push({ type: 'text', value: node.value });
        continue;
      }
      if (node.type === 'element') {
        if (FORBIDDEN.has(node.tagName.toLowerCase())) continue;
        cleanProperties(node);
        visit(node);
      }
      children.push(node);
    }
    parent.children = children as typeof parent.children;
  };
  visit(tree);
}

/** Elements markdown and KaTeX never make, and that must never reach the page. */
const FORBIDDEN = new Set(['script', 'style', 'iframe', 'frame', 'object', 'embed', 'link', 'meta', 'base', 'form', 'foreignobject']);

function cleanProperties(node: Element): void {
  for (const key of Object.keys(node.properties)) {
    if (/^on/i.test(key) || key === 'formAction' || key === 'action') {
      delete node.properties[key];
      continue;
    }
    const tags = Object.hasOwn(urlAttributes, key) ? urlAttributes[key] : undefined;
    if (tags === undefined || (tags !== null && !tags.includes(node.tagName))) continue;
    const safe = markdownUrlTransform(String(node.properties[key] ?? ''), key, node);
    if (safe === null || safe === undefined) delete node.properties[key];
    else node.properties[key] = safe;
  }
}

/** Elements per tree (and components): a block shown again, or scrolled back into view, is not converted again. */
const converted = new WeakMap<Root, { components: Components; element: ReactElement }>();

/** The worker's tree as React elements, through the same components as every other block. */
export function treeToElements(tree: Root, components: Components): ReactElement {
  const known = converted.get(tree);
  if (known && known.components === components) return known.element;
  sanitizeTree(tree);
  const element = toJsxRuntime(tree as Nodes, {
    Fragment,
    components,
    ignoreInvalidStyle: true,
    jsx,
    jsxs,
    passKeys: true,
    passNode: true,
  });
  converted.set(tree, { components, element });
  return element;
}
