import { escapeHtml, page } from '../html.ts';

/** Authorize parameters carried through the hosted forms as hidden fields. */
export const CARRIED = [
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'state',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'prompt',
  'nonce',
  'idp',
] as const;

export type Carried = Partial<Record<(typeof CARRIED)[number], string>>;

function hidden(params: Carried, extra: Record<string, string> = {}): string {
  const all: Record<string, string | undefined> = { ...params, ...extra };
  return Object.entries(all)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

export interface LoginPageOptions {
  action: string;
  params: Carried;
  storeName: string;
  storeUrl: string;
  email?: string;
  error?: string;
  /** A proof-of-work captcha the form must solve before it is sent. */
  captcha?: { variant: 'INVISIBLE' | 'VISIBLE'; challengeUrl: string };
  nonce: string;
}

/** Solves the proof-of-work captcha with Web Crypto; the visible variant waits for a tick in the box. */
const CAPTCHA_SCRIPT = `
const form = document.getElementById('login');
const box = form.dataset.captcha;
if (box) {
  const button = form.querySelector('button');
  const field = form.querySelector('input[name=captcha]');
  const tick = document.getElementById('human');
  button.disabled = true;
  const zeroBits = (bytes) => { let n = 0; for (const b of bytes) { if (b === 0) { n += 8; continue; } return n + Math.clz32(b) - 24; } return n; };
  async function solve() {
    const res = await fetch(form.dataset.challengeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant: box }) });
    const { challenge } = await res.json();
    const enc = new TextEncoder();
    for (let n = 0; ; n++) {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode(challenge.challenge + ':' + n)));
      if (zeroBits(digest) >= challenge.difficulty) { field.value = challenge.challenge + ':' + n; break; }
    }
    button.disabled = false;
    if (tick) tick.nextElementSibling.textContent = 'Verified';
  }
  if (tick) tick.addEventListener('change', () => { tick.disabled = true; tick.nextElementSibling.textContent = 'Checking…'; solve(); }, { once: true });
  else solve();
}
form.addEventListener('submit', () => { form.querySelector('button').disabled = true; });
`;

export function loginPage(o: LoginPageOptions): string {
  const captcha = o.captcha
    ? ` data-captcha="${o.captcha.variant}" data-challenge-url="${escapeHtml(o.captcha.challengeUrl)}"`
    : '';
  const visible =
    o.captcha?.variant === 'VISIBLE'
      ? '<label class="muted"><input type="checkbox" id="human"> <span>I am not a robot</span></label>'
      : '';
  const body = `<div class="brand">${escapeHtml(o.storeName)}</div>
<h1>Sign in</h1>
<p>Use the e-mail address and password of your account.</p>
${o.error ? `<p class="error" role="alert">${escapeHtml(o.error)}</p>` : ''}
<form id="login" method="post" action="${escapeHtml(o.action)}"${captcha}>
${hidden(o.params, { step: 'login' })}${o.captcha ? '<input type="hidden" name="captcha" value="">' : ''}
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(o.email ?? '')}"${o.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${o.email ? ' autofocus' : ''}>
${visible}
<button type="submit">Sign in</button>
</form>
<div class="links"><a href="${escapeHtml(o.storeUrl)}/forgot-password">Forgot password?</a><a href="${escapeHtml(o.storeUrl)}/register">Create an account</a></div>`;
  return page({ title: `Sign in · ${o.storeName}`, body, nonce: o.nonce, script: CAPTCHA_SCRIPT });
}

export interface CodePageOptions {
  action: string;
  params: Carried;
  storeName: string;
  stateToken: string;
  /** EMAIL: a mailed code; TOTP: the authenticator app; SMS / CALL: a code by text message or voice call. */
  factorType: 'EMAIL' | 'TOTP' | 'SMS' | 'CALL';
  verifyingEmail: boolean;
  hint?: string;
  error?: string;
  nonce: string;
}

export function codePage(o: CodePageOptions): string {
  const title = o.verifyingEmail ? 'Confirm your e-mail' : 'Two-step sign-in';
  const lead =
    o.factorType === 'TOTP'
      ? 'Enter the six-digit code from your authenticator app.'
      : o.factorType === 'SMS'
        ? `We sent a six-digit code by text message to ${o.hint ?? 'your phone'}. Enter it here.`
        : o.factorType === 'CALL'
          ? `We are calling ${o.hint ?? 'your phone'} to read you a six-digit code. Enter it here.`
          : `We sent a six-digit code to ${o.hint ?? 'your e-mail address'}. Enter it here.`;
  const remember = o.verifyingEmail
    ? ''
    : '<label class="muted"><input type="checkbox" name="remember" value="1"> <span>Remember this device for 30 days</span></label>';
  const body = `<div class="brand">${escapeHtml(o.storeName)}</div>
<h1>${title}</h1><p>${escapeHtml(lead)}</p>
${o.error ? `<p class="error" role="alert">${escapeHtml(o.error)}</p>` : ''}
<form id="login" method="post" action="${escapeHtml(o.action)}">
${hidden(o.params, { step: 'code', stateToken: o.stateToken, factorType: o.factorType, verifying: o.verifyingEmail ? '1' : '0' })}
<label for="code">Code</label>
<input id="code" name="code" type="text" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code" required autofocus>
${remember}
<button type="submit">Continue</button>
</form>`;
  return page({ title: `${title} · ${o.storeName}`, body, nonce: o.nonce, script: CAPTCHA_SCRIPT });
}

export function messagePage(storeName: string, title: string, message: string, nonce: string): string {
  return page({
    title: `${title} · ${storeName}`,
    body: `<div class="brand">${escapeHtml(storeName)}</div><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`,
    nonce,
  });
}

/**
 * `web_message` response: posts `{code, state}` or `{error, error_description, state}` to the parent window,
 * addressed to each allowed origin of the client (the browser drops the others).
 */
export function webMessagePage(data: Record<string, string>, origins: string[], nonce: string): string {
  const script = `
const data = ${JSON.stringify(data).replace(/</g, '\\u003c')};
const origins = ${JSON.stringify(origins).replace(/</g, '\\u003c')};
const target = window.parent !== window ? window.parent : window.opener;
if (target) for (const origin of origins) { try { target.postMessage(data, origin); } catch (e) {} }`;
  return page({
    title: 'Signing in',
    body: '<p class="muted">Signing in…</p>',
    nonce,
    script,
  });
}
