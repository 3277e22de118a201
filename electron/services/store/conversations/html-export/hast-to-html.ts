import type { Element, Nodes, Properties } from 'hast';
import { isSafeUrl } from '../markdown/sanitize-markdown-tree';

/** Markup characters of text and attribute values, escaped. */
export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}
const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const VOID = new Set(['br', 'hr', 'input', 'wbr']);
/** The only attributes written, whatever the tree holds (hast property name → HTML name). */
const ATTRIBUTES: ReadonlyMap<string, string> = new Map([
  ['href', 'href'],
  ['id', 'id'],
  ['className', 'class'],
  ['align', 'align'],
  ['type', 'type'],
  ['checked', 'checked'],
  ['disabled', 'disabled'],
  ['start', 'start'],
  ['colSpan', 'colspan'],
  ['rowSpan', 'rowspan'],
  ['title', 'title'],
]);
const LINK_PROTOCOLS = ['http', 'https', 'mailto'];

/**
 * A sanitised hast tree (rehype-sanitize's default schema) as HTML text, written by an allow-list
 * of its own so nothing the schema let through can become active here: no element outside the
 * tree's own names is invented, every text and attribute value is escaped, only the attributes
 * above are written, `href` only when it is http(s)/mailto or relative, and an image is never
 * loaded (it becomes its words: "[image: alt]"), so a remote image cannot report that the file was opened.
 */
export function hastToHtml(node: Nodes): string {
  switch (node.type) {
    case 'root':
      return node.children.map(hastToHtml).join('');
    case 'text':
      return escapeHtmlText(node.value);
    case 'element':
      return elementHtml(node);
    case 'comment':
    case 'doctype':
      return '';
    default:
      // `raw` (only with allowDangerousHtml, never used here) is shown as text, never as markup.
      return 'value' in node && typeof node.value === 'string' ? escapeHtmlText(node.value) : '';
  }
}

function elementHtml(element: Element): string {
  const name = element.tagName.toLowerCase();
  if (!/^[a-z][a-z0-9]*$/.test(name) || name === 'script' || name === 'style') return '';
  if (name === 'img') {
    const alt = typeof element.properties['alt'] === 'string' ? element.properties['alt'] : '';
    return `<span class="image-note">${escapeHtmlText(`[image${alt ? `: ${alt}` : ''}]`)}</span>`;
  }
  const attributes = attributesHtml(name, element.properties);
  if (VOID.has(name)) return `<${name}${attributes}>`;
  return `<${name}${attributes}>${element.children.map(hastToHtml).join('')}</${name}>`;
}

function attributesHtml(name: string, properties: Properties): string {
  let out = '';
  for (const [key, value] of Object.entries(properties)) {
    const attribute = ATTRIBUTES.get(key);
    if (!attribute || value === null || value === undefined || value === false) continue;
    if (attribute === 'href') {
      if (typeof value !== 'string' || value === '' || !isSafeUrl(value, LINK_PROTOCOLS)) continue;
      out += ` href="${escapeHtmlText(value)}" rel="noopener noreferrer"`;
      continue;
    }
    if (value === true) {
      out += ` ${attribute}`;
      continue;
    }
    const text = Array.isArray(value) ? value.join(' ') : String(value);
    out += ` ${attribute}="${escapeHtmlText(text)}"`;
  }
  return name === 'input' && !/ disabled/.test(out) ? `${out} disabled` : out;
}
