import type { RichContent } from '../shared/model.ts';
import { htmlSanitizer } from '../shared/write-support.ts';

/**
 * Just enough rich content (`{nodes, metadata, documentStyle}`) ⇄ HTML for info sections: paragraphs,
 * headings and bulleted or ordered lists of text with bold, italic, underline and link decorations. Other
 * node types are kept in the document but left out of the HTML.
 */

interface Node {
  type?: string;
  id?: string;
  nodes?: Node[];
  textData?: {
    text?: string;
    decorations?: Array<{ type?: string; linkData?: { link?: { url?: string } } }>;
  };
  headingData?: { level?: number };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function inline(nodes: Node[] | undefined): string {
  return (nodes ?? [])
    .map((node) => {
      if (node.type !== 'TEXT') return inline(node.nodes);
      let html = escapeHtml(node.textData?.text ?? '');
      for (const d of node.textData?.decorations ?? []) {
        if (d.type === 'BOLD') html = `<strong>${html}</strong>`;
        else if (d.type === 'ITALIC') html = `<em>${html}</em>`;
        else if (d.type === 'UNDERLINE') html = `<u>${html}</u>`;
        else if (d.type === 'LINK' && d.linkData?.link?.url)
          html = `<a href="${escapeHtml(d.linkData.link.url)}">${html}</a>`;
      }
      return html;
    })
    .join('');
}

function block(node: Node): string {
  switch (node.type) {
    case 'PARAGRAPH':
      return `<p>${inline(node.nodes)}</p>`;
    case 'HEADING': {
      const level = Math.min(6, Math.max(1, Math.trunc(node.headingData?.level ?? 2)));
      return `<h${level}>${inline(node.nodes)}</h${level}>`;
    }
    case 'BULLETED_LIST':
    case 'ORDERED_LIST': {
      const tag = node.type === 'BULLETED_LIST' ? 'ul' : 'ol';
      return `<${tag}>${(node.nodes ?? []).map((item) => `<li>${inline(item.nodes)}</li>`).join('')}</${tag}>`;
    }
    default:
      return '';
  }
}

export function richContentToHtml(doc: RichContent): string {
  return (doc.nodes as Node[]).map(block).join('');
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** HTML → one paragraph of plain text per block (formatting is dropped). */
export function htmlToRichContent(html: string): RichContent {
  const chunks = html
    .split(/<\/?(?:p|h[1-6]|li|ul|ol|div|blockquote)\b[^>]*>|<br\s*\/?>/i)
    .map((chunk) => decode(htmlSanitizer()(chunk, { allowedTags: [], allowedAttributes: {} })).trim())
    .filter(Boolean);
  return {
    nodes: chunks.map((text, i) => ({
      type: 'PARAGRAPH',
      id: `p${i + 1}`,
      nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } }],
      paragraphData: {},
    })),
    metadata: { version: 1 },
    documentStyle: {},
  };
}
