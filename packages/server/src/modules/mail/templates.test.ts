import { describe, expect, it } from 'vitest';
import { renderMail } from './templates.ts';

describe('renderMail', () => {
  const order = {
    brand: { name: 'Linen & Co', logoUrl: 'https://shop.example/media/logo.png?size=small' },
    title: 'Thank you for your order #10001',
    paragraphs: ['We received your order:'],
    items: [{ name: '2 × Tee <b>', detail: '$20.00 each', amount: '$40.00' }],
    totals: [
      { label: 'Subtotal', amount: '$40.00' },
      { label: 'Discount', amount: '−$4.00' },
      { label: 'Total', amount: '$36.00', strong: true },
    ],
  };

  it('puts the brand, the lines and the totals in both parts', () => {
    const { text, html } = renderMail(order);
    expect(text.split('\n').slice(0, 3)).toEqual(['Linen & Co', '', 'Thank you for your order #10001']);
    expect(text).toContain('2 × Tee <b> ($20.00 each): $40.00');
    expect(text).toContain('Discount: −$4.00\nTotal: $36.00');
    expect(html).toContain('<img src="https://shop.example/media/logo.png?size=small" alt="Linen &amp; Co"');
    expect(html).toContain('2 × Tee &lt;b&gt;');
    expect(html).toMatch(/font-weight:700;font-size:16px">Total<\/td>/);
  });

  it('shows the name as text without a logo, and nothing of a table without lines', () => {
    const { html } = renderMail({ brand: { name: 'Shop' }, title: 'Code', paragraphs: [], code: '123456' });
    expect(html).toContain('text-transform:uppercase;color:#71717a">Shop</span>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('border-bottom:1px solid');
  });
});
