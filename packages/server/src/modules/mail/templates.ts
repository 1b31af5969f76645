/** One plain, readable mail layout: a title, paragraphs, and optionally a code or a button. */
export interface MailContent {
  title: string;
  paragraphs: string[];
  code?: string;
  button?: { label: string; url: string };
  footer?: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function renderMail(content: MailContent): { text: string; html: string } {
  const text = [
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [`    ${content.code}`, ''] : []),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ''] : []),
    ...(content.footer ? [content.footer] : []),
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="100%" style="max-width:480px;background:#fff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.title)}</h1>
${content.paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
${content.code ? `<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:8px 0 24px">${escapeHtml(content.code)}</p>` : ''}
${content.button ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(content.button.url)}" style="display:inline-block;background:#18181b;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(content.button.label)}</a></p><p style="font-size:12px;color:#71717a;word-break:break-all">${escapeHtml(content.button.url)}</p>` : ''}
${content.footer ? `<p style="font-size:12px;color:#71717a;margin:24px 0 0">${escapeHtml(content.footer)}</p>` : ''}
</td></tr></table></td></tr></table></body></html>`;
  return { text, html };
}
