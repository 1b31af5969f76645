import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const newNonce = () => randomBytes(16).toString('base64');

/** The look shared by the hosted pages: one centred card, system fonts, readable on a phone. */
export const PAGE_STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f5;color:#18181b}
.card{width:100%;max-width:400px;background:#fff;border-radius:16px;padding:32px 28px;box-shadow:0 1px 3px #0000001a,0 8px 24px #0000000d}
.brand{font-weight:700;letter-spacing:.02em;color:#71717a;font-size:13px;text-transform:uppercase;margin-bottom:20px}
h1{font-size:22px;margin:0 0 8px} p{line-height:1.5;margin:0 0 16px;color:#3f3f46}
label{display:block;font-size:14px;font-weight:600;margin:16px 0 6px}
input[type=email],input[type=password],input[type=text]{width:100%;padding:12px 14px;font-size:16px;border:1px solid #d4d4d8;border-radius:10px;background:#fff}
input:focus{outline:2px solid #18181b;outline-offset:1px;border-color:#18181b}
button{width:100%;margin-top:24px;padding:13px 16px;font-size:16px;font-weight:600;border:0;border-radius:10px;background:#18181b;color:#fff;cursor:pointer}
button:disabled{opacity:.6;cursor:wait}
.error{background:#fef2f2;color:#991b1b;border-radius:10px;padding:10px 12px;font-size:14px;margin:0 0 8px}
.links{display:flex;justify-content:space-between;gap:12px;margin-top:20px;font-size:14px}
a{color:#18181b} .muted{color:#71717a;font-size:13px}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}.card{background:#18181b}p{color:#d4d4d8}
  input[type=email],input[type=password],input[type=text]{background:#09090b;color:#fafafa;border-color:#3f3f46}
  button{background:#fafafa;color:#18181b} a{color:#fafafa} .error{background:#450a0a;color:#fecaca}}
`;

export function page(options: { title: string; body: string; nonce: string; script?: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(options.title)}</title>
<style nonce="${options.nonce}">${PAGE_STYLE}</style></head>
<body><main class="card">${options.body}</main>${options.script ? `<script nonce="${options.nonce}">${options.script}</script>` : ''}</body></html>`;
}

/**
 * Send a hosted page: no caching, no referrer, scripts and styles only by nonce, framing only by `frameAncestors`.
 */
export function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  nonce: string,
  frameAncestors: string[] = [],
  formAction = "'self'",
) {
  const ancestors = frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'";
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src 'self' data:; connect-src 'self'; form-action ${formAction}; base-uri 'none'; frame-ancestors ${ancestors}`,
    )
    .send(html);
}

/** A dead end that never redirects (unknown client, foreign redirect URI). */
export function errorPage(reply: FastifyReply, status: number, title: string, message: string) {
  const nonce = newNonce();
  const body = `<div class="brand">Aisle</div><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`;
  return sendPage(reply, status, page({ title, body, nonce }), nonce);
}
