import { createElement, type ReactNode, useMemo } from 'react';

const ALLOWED = new Set([
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'h3',
  'h4',
  'h5',
  'blockquote',
  'span',
]);
const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'wbr', 'source', 'col', 'area']);
/** Their content is never text to show. */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'noscript']);

interface HtmlElement {
  tag: string;
  href: string | undefined;
  children: HtmlNode[];
}
type HtmlNode = string | HtmlElement;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * A small HTML reader (the same on the server and in the browser, so both render the same elements): tags,
 * text and the `href` of links; comments and unknown markup are skipped, unclosed tags closed at the end.
 */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlElement = { tag: '#root', href: undefined, children: [] };
  const stack: HtmlElement[] = [root];
  const token =
    /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)|</g;
  let dropping: string | undefined;
  for (let m = token.exec(html); m; m = token.exec(html)) {
    const [, closing, opening, attributes, text] = m;
    const top = stack[stack.length - 1] as HtmlElement;
    if (closing) {
      const tag = closing.toLowerCase();
      if (dropping) {
        if (tag === dropping) dropping = undefined;
        continue;
      }
      const at = stack.findLastIndex((e) => e.tag === tag);
      if (at > 0) stack.length = at;
    } else if (opening) {
      if (dropping) continue;
      const tag = opening.toLowerCase();
      if (DROPPED.has(tag)) {
        dropping = tag;
        continue;
      }
      const href =
        tag === 'a' ? /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes ?? '') : null;
      const element: HtmlElement = {
        tag,
        href: href ? decode(href[2] ?? href[3] ?? href[4] ?? '') : undefined,
        children: [],
      };
      top.children.push(element);
      if (!VOID.has(tag) && !(attributes ?? '').trim().endsWith('/')) stack.push(element);
    } else if (text !== undefined && !dropping) {
      top.children.push(decode(text));
    } else if (m[0] === '<' && !dropping) {
      top.children.push('<');
    }
  }
  return root.children;
}

function render(node: HtmlNode, key: number): ReactNode {
  if (typeof node === 'string') return node;
  const children = node.children.map(render);
  if (!ALLOWED.has(node.tag)) return children.length ? createElement('span', { key }, ...children) : null;
  if (node.tag === 'a') {
    const href = node.href ?? '';
    const safe = /^(https?:|mailto:|\/)/i.test(href) ? href : undefined;
    return createElement('a', { key, href: safe, rel: 'noopener noreferrer' }, ...children);
  }
  if (node.tag === 'br') return createElement('br', { key });
  return createElement(node.tag, { key }, ...children);
}

/**
 * Catalogue rich text (product descriptions, info sections) as React elements: a short list of tags, no
 * attributes but safe links, so nothing from the catalogue can run script in the store.
 */
export function RichText({ html, className }: { html: string | undefined; className?: string }) {
  const nodes = useMemo(() => (html ? parseHtml(html).map(render) : []), [html]);
  if (nodes.length === 0) return null;
  return <div className={className ?? 'rich-text'}>{nodes}</div>;
}
