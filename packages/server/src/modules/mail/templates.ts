/**
 * One plain, readable mail layout: the store's name (and logo), a title, paragraphs, optionally a table of
 * lines with their amounts and a totals table (an order's lines, discount, shipping, tax and total), a code
 * or a button.
 */
export interface MailContent {
  brand?: { name: string; logoUrl?: string | undefined };
  title: string;
  paragraphs: string[];
  items?: MailItem[];
  totals?: MailTotal[];
  code?: string;
  button?: { label: string; url: string };
  footer?: string;
}

/** A line of a mail's table: `2 × Linen shirt` with `$20.00 each` under it and `$40.00` beside it. */
export interface MailItem {
  name: string;
  detail?: string;
  amount: string;
}

/** A row of a mail's totals: `Discount` `−$5.00`; the last one (the total) is `strong`. */
export interface MailTotal {
  label: string;
  amount: string;
  strong?: boolean;
}

const cell = 'padding:8px 0;font-size:14px;border-bottom:1px solid #e4e4e7';

function itemsHtml(items: MailItem[]): string {
  const rows = items.map(
    (item) =>
      `<tr><td style="${cell}">${escapeHtml(item.name)}${item.detail ? `<br><span style="color:#71717a;font-size:12px">${escapeHtml(item.detail)}</span>` : ''}</td><td align="right" style="${cell};white-space:nowrap">${escapeHtml(item.amount)}</td></tr>`,
  );
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${rows.join('')}</table>`;
}

function totalsHtml(totals: MailTotal[]): string {
  const rows = totals.map((row) => {
    const weight = row.strong ? 'font-weight:700;font-size:16px' : 'font-size:14px;color:#3f3f46';
    return `<tr><td style="padding:4px 0;${weight}">${escapeHtml(row.label)}</td><td align="right" style="padding:4px 0;white-space:nowrap;${weight}">${escapeHtml(row.amount)}</td></tr>`;
  });
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">${rows.join('')}</table>`;
}

function brandHtml(brand: NonNullable<MailContent['brand']>): string {
  const inner = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="40" style="height:40px;width:auto;border:0;display:block">`
    : `<span style="font-size:13px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#71717a">${escapeHtml(brand.name)}</span>`;
  return `<div style="margin:0 0 20px">${inner}</div>`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function renderMail(content: MailContent): { text: string; html: string } {
  const text = [
    ...(content.brand ? [content.brand.name, ''] : []),
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.items?.length
      ? [
          ...content.items.map(
            (item) => `${item.name}${item.detail ? ` (${item.detail})` : ''}: ${item.amount}`,
          ),
          '',
        ]
      : []),
    ...(content.totals?.length ? [...content.totals.map((t) => `${t.label}: ${t.amount}`), ''] : []),
    ...(content.code ? [`    ${content.code}`, ''] : []),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ''] : []),
    ...(content.footer ? [content.footer] : []),
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="100%" style="max-width:480px;background:#fff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
${content.brand ? brandHtml(content.brand) : ''}<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.title)}</h1>
${content.paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
${content.items?.length ? itemsHtml(content.items) : ''}${content.totals?.length ? totalsHtml(content.totals) : ''}
${content.code ? `<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:8px 0 24px">${escapeHtml(content.code)}</p>` : ''}
${content.button ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(content.button.url)}" style="display:inline-block;background:#18181b;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(content.button.label)}</a></p><p style="font-size:12px;color:#71717a;word-break:break-all">${escapeHtml(content.button.url)}</p>` : ''}
${content.footer ? `<p style="font-size:12px;color:#71717a;margin:24px 0 0">${escapeHtml(content.footer)}</p>` : ''}
</td></tr></table></td></tr></table></body></html>`;
  return { text, html };
}
