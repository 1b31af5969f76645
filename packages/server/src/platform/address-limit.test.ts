import { describe, expect, it } from 'vitest';
import { AddressLimit, addressKey } from './address-limit.ts';

describe('addressKey', () => {
  it('keeps IPv4 addresses (also IPv4-mapped) and counts IPv6 ones by their /64', () => {
    const keys = {
      '203.0.113.7': '203.0.113.7',
      '::ffff:203.0.113.7': '203.0.113.7',
      '::FFFF:198.51.100.1': '198.51.100.1',
      '2001:db8:85a3:8d3:1319:8a2e:370:7348': '2001:db8:85a3:8d3::/64',
      '2001:db8:85a3:8d3:ffff:ffff:ffff:1': '2001:db8:85a3:8d3::/64',
      '2001:0db8:0000:0001::1': '2001:db8:0:1::/64',
      '2001:DB8::1': '2001:db8:0:0::/64',
      '::1': '0:0:0:0::/64',
      'fe80::1:2:3:4': 'fe80:0:0:0::/64',
      '2001:db8:1:2:3::': '2001:db8:1:2::/64',
      '64:ff9b::192.0.2.33': '64:ff9b:0:0::/64',
      '': '',
      'not an address': 'not an address',
    };
    expect(Object.fromEntries(Object.keys(keys).map((ip) => [ip, addressKey(ip)]))).toEqual(keys);
  });
});

/** Each call `[address, ms]` spent in turn on `limit`: what each answered. */
const spendAll = (limit: AddressLimit, calls: Array<[string, number]>) =>
  calls.map(([ip, at]) => limit.spend(ip, at));

describe('AddressLimit', () => {
  it('allows `limit` calls in a window, then says how long until it ends', () => {
    const ip = '203.0.113.7';
    const calls: Array<[string, number]> = [0, 1_000, 2_000, 2_500, 59_999].map((at) => [ip, at]);
    // A refused call is not counted; the next window starts from nothing.
    calls.push(...[60_000, 60_001, 60_002, 60_003].map((at): [string, number] => [ip, at]));
    expect(spendAll(new AddressLimit(3, 60_000), calls)).toEqual([0, 0, 0, 58, 1, 0, 0, 0, 60]);
  });

  it('counts each address apart, and an IPv6 network as one', () => {
    const addresses = ['203.0.113.7', '203.0.113.8', '::ffff:203.0.113.7', '2001:db8:1:2::a'];
    addresses.push('2001:db8:1:2::b', '2001:db8:1:3::a');
    expect(
      spendAll(
        new AddressLimit(1, 60_000),
        addresses.map((ip) => [ip, 0]),
      ),
    ).toEqual([0, 0, 60, 0, 60, 0]);
  });

  it('forgets the least recently seen addresses beyond its size', () => {
    const nine = Array.from({ length: 9 }, (_, i): [string, number] => [`192.0.2.${i + 1}`, 0]);
    // 192.0.2.1 was pushed out by the eight after it: it starts again; 192.0.2.9 was not.
    const again: Array<[string, number]> = [
      ['192.0.2.1', 0],
      ['192.0.2.9', 0],
    ];
    expect(spendAll(new AddressLimit(1, 60_000, 8), [...nine, ...again])).toEqual([
      ...nine.map(() => 0),
      0,
      60,
    ]);
  });
});
