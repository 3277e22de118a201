import type { Image, Nodes, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import { defaultSchema } from 'rehype-sanitize';

const LINK_PROTOCOLS = defaultSchema.protocols?.['href'] ?? ['http', 'https', 'mailto'];
const IMAGE_PROTOCOLS = defaultSchema.protocols?.['src'] ?? ['http', 'https'];

/**
 * True when a URL is relative or its scheme is in `protocols` — the rule of hast-util-sanitize
 * (rehype-sanitize): a colon before any of / ? # makes it absolute. The URL is the parsed one,
 * with character references already decoded (`javascript&#58;` is `javascript:` here).
 */
export function isSafeUrl(url: string, protocols: readonly string[]): boolean {
  const colon = url.indexOf(':');
  if (colon === -1) return true;
  const delimiter = url.search(/[/?#]/);
  if (delimiter !== -1 && delimiter < colon) return true;
  return protocols.some((protocol) => url.slice(0, colon).toLowerCase() === protocol);
}

/** Flow positions where raw HTML must become a paragraph of text, not bare text. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/**
 * Makes an mdast tree inert, in place: raw HTML becomes literal text; links, link definitions and
 * images with an unsafe URL lose it (a link keeps its words, an image becomes "[image: alt]").
 */
export function sanitizeMarkdownTree(tree: Root): void {
  visit(tree);
}

function visit(parent: Parent): void {
  const flow = FLOW_PARENTS.has(parent.type);
  const next: Nodes[] = [];
  for (const child of parent.children as Nodes[]) {
    switch (child.type) {
      case 'html': {
        const text: PhrasingContent = { type: 'text', value: child.value };
        next.push(flow ? { type: 'paragraph', children: [text] } : text);
        continue;
      }
      case 'link':
        if (!isSafeUrl(child.url, LINK_PROTOCOLS)) {
          visit(child);
          next.push(...child.children);
          continue;
        }
        break;
      case 'definition':
        if (!isSafeUrl(child.url, LINK_PROTOCOLS)) child.url = '';
        break;
      case 'image':
        if (!isSafeUrl(child.url, IMAGE_PROTOCOLS)) {
          next.push(imageAsText(child));
          continue;
        }
        break;
      default:
        break;
    }
    if ('children' in child) visit(child);
    next.push(child);
  }
  parent.children = next as RootContent[];
}

function imageAsText(image: Image): PhrasingContent {
  return { type: 'text', value: `[image: ${image.alt ?? ''}]` };
}
