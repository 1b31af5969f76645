/**
 * The dev mailbox page: a static shell that asks for the admin API key (kept in sessionStorage) and reads
 * `/v1/dev-mailbox/messages` with it, so the page itself holds no mail and needs no cookie.
 */
export function mailboxPage(nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox · Aisle</title>
<style nonce="${nonce}">
  body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f4f5;color:#18181b}
  main{max-width:760px;margin:0 auto;padding:24px 16px}
  h1{font-size:22px;margin:0 0 4px} p.hint{color:#71717a;margin:0 0 20px;font-size:14px}
  form{display:flex;gap:8px;flex-wrap:wrap;margin-bottom:20px}
  input{flex:1;min-width:200px;padding:10px 12px;border:1px solid #d4d4d8;border-radius:8px;font-size:15px}
  button{padding:10px 16px;border:0;border-radius:8px;background:#18181b;color:#fff;font-weight:600;cursor:pointer}
  article{background:#fff;border-radius:12px;padding:16px 18px;margin-bottom:12px;box-shadow:0 1px 2px #0000000d}
  .meta{font-size:13px;color:#71717a;margin-bottom:6px} h2{font-size:16px;margin:0 0 8px}
  pre{white-space:pre-wrap;word-break:break-word;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;margin:0}
  a{color:#2563eb} .empty{color:#71717a}
</style></head>
<body><main>
<h1>Dev mailbox</h1>
<p class="hint">Mail the server would have sent (no <code>SMTP_URL</code> is set), and text messages and voice calls (no phone provider is installed). Reading it needs the admin API key.</p>
<form id="f"><input id="key" type="password" placeholder="Admin API key" autocomplete="off" required>
<input id="to" type="text" placeholder="Filter by address or +phone (optional)"><button>Show mail</button></form>
<div id="list"></div>
</main>
<script nonce="${nonce}">
const $ = (id) => document.getElementById(id);
const CHANNELS = { EMAIL: 'mail', SMS: 'text message', CALL: 'voice call' };
$('key').value = sessionStorage.getItem('aisle-admin-key') || '';
function linkify(pre, text) {
  for (const part of text.split(/(https?:\\/\\/[^\\s]+)/g)) {
    if (/^https?:\\/\\//.test(part)) { const a = document.createElement('a'); a.href = part; a.textContent = part; pre.append(a); }
    else pre.append(part);
  }
}
async function load(e) {
  if (e) e.preventDefault();
  const key = $('key').value.trim(); sessionStorage.setItem('aisle-admin-key', key);
  const to = $('to').value.trim();
  const res = await fetch('/v1/dev-mailbox/messages' + (to ? '?to=' + encodeURIComponent(to) : ''), { headers: { authorization: key } });
  const list = $('list'); list.replaceChildren();
  if (!res.ok) { const p = document.createElement('p'); p.className = 'empty'; p.textContent = 'Could not read the mailbox (' + res.status + ').'; list.append(p); return; }
  const { messages } = await res.json();
  if (!messages.length) { const p = document.createElement('p'); p.className = 'empty'; p.textContent = 'No mail yet.'; list.append(p); }
  for (const m of messages) {
    const art = document.createElement('article');
    const meta = document.createElement('div'); meta.className = 'meta'; meta.textContent = new Date(m.createdDate).toLocaleString() + ' · ' + (CHANNELS[m.channel] || 'mail') + ' to ' + m.to;
    const h = document.createElement('h2'); h.textContent = m.subject;
    const pre = document.createElement('pre'); linkify(pre, m.text);
    art.append(meta, h, pre); list.append(art);
  }
}
$('f').addEventListener('submit', load);
if ($('key').value) load();
</script></body></html>`;
}
