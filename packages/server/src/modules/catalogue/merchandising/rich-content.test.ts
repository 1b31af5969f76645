import { describe, expect, it } from 'vitest';
import { htmlToRichContent, richContentToHtml } from './rich-content.ts';

describe('rich content', () => {
  it('turns HTML blocks into paragraphs of plain text', () => {
    const doc = htmlToRichContent(
      '<h2>Care</h2><p>Wash <b>cold</b> &amp; dry</p>line<br>two<ul><li>Item</li></ul>',
    );
    const texts = doc.nodes.map(
      (n) => (n as { nodes: Array<{ textData: { text: string } }> }).nodes[0]!.textData.text,
    );
    expect(texts).toEqual(['Care', 'Wash cold & dry', 'line', 'two', 'Item']);
    expect(htmlToRichContent('').nodes).toEqual([]);
  });

  it('renders paragraphs, headings, lists and decorations as escaped HTML, skipping unknown nodes', () => {
    const text = (t: string, decorations: unknown[] = []) => ({
      type: 'TEXT',
      textData: { text: t, decorations },
    });
    const html = richContentToHtml({
      nodes: [
        { type: 'HEADING', headingData: { level: 9 }, nodes: [text('Title')] },
        {
          type: 'PARAGRAPH',
          nodes: [
            text('a < b', [{ type: 'ITALIC' }]),
            text(' & '),
            text('link', [{ type: 'LINK', linkData: { link: { url: 'https://x.test/?a="1"' } } }]),
          ],
        },
        {
          type: 'ORDERED_LIST',
          nodes: [{ type: 'LIST_ITEM', nodes: [{ type: 'PARAGRAPH', nodes: [text('one')] }] }],
        },
        { type: 'IMAGE', imageData: {} },
      ],
    });
    expect(html).toBe(
      '<h6>Title</h6><p><em>a &lt; b</em> &amp; <a href="https://x.test/?a=&quot;1&quot;">link</a></p><ol><li>one</li></ol>',
    );
  });
});
