// Test-only (excluded from the build): a minimal document/window/localStorage for the hidden-frame flows.
import type { BrowserEnv, BrowserMessageEvent, HiddenFrame } from '../oauth/browser.ts';
import type { KeyValueStorage } from '../oauth/tokens.ts';

export class FakeFrame implements HiddenFrame {
  src = '';
  style = { display: '' };
  readonly attributes = new Map<string, string>();
  attached = false;
  removed = false;
  private readonly loadListeners: (() => void)[] = [];

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }

  addEventListener(_type: 'load', listener: () => void): void {
    this.loadListeners.push(listener);
  }

  remove(): void {
    this.removed = true;
  }

  /** Fires the frame's `load` event. */
  load(): void {
    for (const listener of this.loadListeners) listener();
  }
}

export class MemoryKeyValueStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

export interface FakeBrowser {
  env: BrowserEnv;
  /** Frames appended to the body, in order. */
  frames: FakeFrame[];
  listeners: Set<(event: BrowserMessageEvent) => void>;
  storage: MemoryKeyValueStorage;
  /** Dispatches a `message` event to the window's listeners. */
  post(data: unknown): void;
}

export function fakeBrowser(href = 'https://shop.test/'): FakeBrowser {
  const created: FakeFrame[] = [];
  const frames: FakeFrame[] = [];
  const listeners = new Set<(event: BrowserMessageEvent) => void>();
  const storage = new MemoryKeyValueStorage();
  const env: BrowserEnv = {
    document: {
      createElement: () => {
        const frame = new FakeFrame();
        created.push(frame);
        return frame;
      },
      body: {
        appendChild: (node) => {
          const frame = created.find((candidate) => candidate === node);
          if (!frame) throw new Error('only frames made by this document can be appended');
          frame.attached = true;
          frames.push(frame);
          return node;
        },
      },
    },
    window: {
      addEventListener: (_type, listener) => void listeners.add(listener),
      removeEventListener: (_type, listener) => void listeners.delete(listener),
      location: { href },
    },
    localStorage: storage,
  };
  return {
    env,
    frames,
    listeners,
    storage,
    post: (data) => {
      for (const listener of [...listeners]) listener({ data });
    },
  };
}
