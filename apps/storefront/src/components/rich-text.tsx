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

function render(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const children = Array.from(node.childNodes, render);
  const tag = node.tagName.toLowerCase();
  if (!ALLOWED.has(tag)) return children.length ? createElement('span', { key }, ...children) : null;
  if (tag === 'a') {
    const href = node.getAttribute('href') ?? '';
    const safe = /^(https?:|mailto:|\/)/i.test(href) ? href : undefined;
    return createElement('a', { key, href: safe, rel: 'noopener noreferrer' }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

/**
 * Catalogue rich text (product descriptions, info sections) as React elements: a short list of tags, no
 * attributes but safe links, so nothing from the catalogue can run script in the store.
 */
export function RichText({ html, className }: { html: string | undefined; className?: string }) {
  const nodes = useMemo(() => {
    if (!html) return [];
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return Array.from(doc.body.childNodes, render);
  }, [html]);
  if (nodes.length === 0) return null;
  return <div className={className ?? 'rich-text'}>{nodes}</div>;
}
