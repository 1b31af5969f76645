import { isIPv4, isIPv6 } from 'node:net';
import { LruMap } from './lru.ts';

/**
 * What one client address counts as: an IPv4 address as it is (also when IPv4-mapped, `::ffff:1.2.3.4`), an
 * IPv6 address by its /64 — one host's network, which its owner can fill with addresses at will — and anything
 * else (a Unix socket's empty address) as it is.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (`64:ff9b::1.2.3.4`) stands for two groups; only the first four groups are kept.
  const size = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - size(left) - size(right)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * At most `limit` calls per client address (`addressKey`) in each window of `windowMs`, counted in this process's
 * memory: a cluster of N processes allows N times as many. The `maxAddresses` most recently seen addresses are
 * counted; an address pushed out starts again at 0.
 */
export class AddressLimit {
  private readonly windows: LruMap<{ start: number; count: number }>;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    maxAddresses = 100_000,
  ) {
    this.windows = new LruMap(maxAddresses);
  }

  /** One call from `ip` at `now` (ms): 0 when it is allowed, else the whole seconds until its window ends. */
  spend(ip: string, now: number): number {
    const key = addressKey(ip);
    const window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    if (window.count < this.limit) {
      window.count++;
      return 0;
    }
    return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
  }
}
