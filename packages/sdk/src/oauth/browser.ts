import { isRecord } from '../core/values.ts';
import { globalLocalStorage, type KeyValueStorage } from './tokens.ts';

/**
 * The few browser objects the hidden-frame flows use. The real `document`, `window` and `localStorage` fit
 * these shapes; tests pass small fakes instead of a DOM library.
 */
export interface HiddenFrame {
  src: string;
  style: { display: string };
  setAttribute(name: string, value: string): void;
  addEventListener(type: 'load', listener: () => void): void;
  remove(): void;
}

export interface BrowserDocument {
  createElement(tagName: 'iframe'): HiddenFrame;
  body: { appendChild(node: object): unknown } | null;
}

export interface BrowserMessageEvent {
  data: unknown;
}

export interface BrowserWindow {
  addEventListener(type: 'message', listener: (event: BrowserMessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: BrowserMessageEvent) => void): void;
  location: { href: string };
}

export interface BrowserEnv {
  document: BrowserDocument;
  window: BrowserWindow;
  /** Keeps the last pre-warm time; without it the pre-warm runs every time. */
  localStorage?: KeyValueStorage | undefined;
}

/** The real browser globals, or undefined in Node, workers and edge runtimes (checked lazily, never at import). */
export function globalBrowserEnv(): BrowserEnv | undefined {
  if (typeof document === 'undefined' || typeof window === 'undefined') return undefined;
  return { document, window, localStorage: globalLocalStorage() };
}

/** Appends an invisible iframe loading `src`; `onLoad` runs on its `load` event. */
export function openHiddenFrame(env: BrowserEnv, src: string, onLoad?: () => void): HiddenFrame {
  const body = env.document.body;
  if (!body) throw new Error('The hidden frame needs a document body');
  const frame = env.document.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('tabindex', '-1');
  if (onLoad) frame.addEventListener('load', onLoad);
  frame.src = src;
  body.appendChild(frame);
  return frame;
}

/**
 * Resolves with the data of the first `message` event whose `data.state` equals `state` (origin not checked,
 * wire §2); rejects with 'OAuth flow timed out' after `timeoutMs`. The listener is removed either way.
 */
export function waitForFrameMessage(
  env: BrowserEnv,
  state: string,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const listener = (event: BrowserMessageEvent): void => {
      const data = event.data;
      if (!isRecord(data) || data.state !== state) return;
      done();
      resolve(data);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('OAuth flow timed out'));
    }, timeoutMs);
    const done = (): void => {
      clearTimeout(timer);
      env.window.removeEventListener('message', listener);
    };
    env.window.addEventListener('message', listener);
  });
}
