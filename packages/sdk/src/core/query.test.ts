import { describe, expect, it } from 'vitest';
import type { Page } from './paging.ts';
import { combineFilters, QueryBuilder } from './query.ts';
import type { WireQuery } from './wire-query.ts';

type Item = { id: string };

const never = (): Promise<Page<Item>> => Promise.reject(new Error('not run'));
const q = (mode: 'offset' | 'cursor' = 'offset') => new QueryBuilder<Item>(never, mode);
const at = new Date('2024-01-01T00:00:00.000Z');

describe('QueryBuilder operators', () => {
  it.each([
    ['eq', q().eq('name', 'Shirt'), { name: 'Shirt' }],
    ['eq null', q().eq('ribbon', null), { ribbon: null }],
    ['ne', q().ne('name', 'Shirt'), { name: { $ne: 'Shirt' } }],
    ['ge', q().ge('price', 10), { price: { $gte: 10 } }],
    ['gt', q().gt('createdDate', at), { createdDate: { $gt: at } }],
    ['le', q().le('price', 10), { price: { $lte: 10 } }],
    ['lt', q().lt('price', 10), { price: { $lt: 10 } }],
    ['startsWith', q().startsWith('name', 'Sh'), { name: { $startsWith: 'Sh' } }],
    ['endsWith', q().endsWith('name', 'rt'), { name: { $endsWith: 'rt' } }],
    ['contains', q().contains('name', 'hi'), { name: { $contains: 'hi' } }],
    ['hasSome', q().hasSome('collectionIds', ['a', 'b']), { collectionIds: { $hasSome: ['a', 'b'] } }],
    ['hasAll', q().hasAll('collectionIds', ['a', 'b']), { collectionIds: { $hasAll: ['a', 'b'] } }],
    ['in', q().in('id', ['1', '2']), { id: { $in: ['1', '2'] } }],
    ['exists', q().exists('ribbon'), { ribbon: { $exists: true } }],
    ['exists false', q().exists('ribbon', false), { ribbon: { $exists: false } }],
    ['isEmpty', q().isEmpty('ribbon'), { ribbon: null }],
    ['isNotEmpty', q().isNotEmpty('ribbon'), { ribbon: { $ne: null } }],
    ['between', q().between('price', 5, 10), { price: { $gte: 5, $lt: 10 } }],
    [
      'and',
      q().eq('a', 1).and(q().eq('b', 2), q().gt('c', 3)),
      { a: 1, $and: [{ b: 2 }, { c: { $gt: 3 } }] },
    ],
    ['or', q().eq('a', 1).or(q().eq('b', 2)), { $or: [{ a: 1 }, { b: 2 }] }],
    ['or with no own conditions', q().or(q().eq('a', 1), q().eq('b', 2)), { $or: [{ a: 1 }, { b: 2 }] }],
    ['or of a single query', q().or(q().eq('a', 1)), { a: 1 }],
    ['not', q().eq('a', 1).not(q().eq('b', 2)), { a: 1, $not: { b: 2 } }],
    ['not alone', q().not(q().in('id', ['x'])), { $not: { id: { $in: ['x'] } } }],
    ['several fields merge', q().eq('a', 1).gt('b', 2), { a: 1, b: { $gt: 2 } }],
    ['same field twice', q().gt('p', 1).lt('p', 9), { $and: [{ p: { $gt: 1 } }, { p: { $lt: 9 } }] }],
    ['chained after or', q().eq('a', 1).or(q().eq('b', 2)).eq('c', 3), { $or: [{ a: 1 }, { b: 2 }], c: 3 }],
  ])('%s', (_name, builder, filter) => {
    expect(builder.build().filter).toEqual(filter);
  });

  it.each([
    ['and', q().eq('a', 1).and(q())],
    ['or', q().eq('a', 1).or(q())],
    ['not', q().eq('a', 1).not(q())],
  ])('%s with an empty query changes nothing', (_name, builder) => {
    expect(builder.build().filter).toEqual({ a: 1 });
  });
});

describe('QueryBuilder sort and paging', () => {
  it('starts at offset 0 with the default limit and no filter or sort', () => {
    expect(q().build()).toEqual({ paging: { limit: 50, offset: 0 } });
  });

  it('sorts ascending and descending in call order', () => {
    expect(q().ascending('name', 'sku').descending('price').build().sort).toEqual([
      { fieldName: 'name', order: 'ASC' },
      { fieldName: 'sku', order: 'ASC' },
      { fieldName: 'price', order: 'DESC' },
    ]);
  });

  it('sets limit and skip', () => {
    expect(q().limit(10).skip(30).build().paging).toEqual({ limit: 10, offset: 30 });
  });

  it('sends cursorPaging with the limit in cursor mode', () => {
    expect(q('cursor').eq('a', 1).limit(20).build()).toEqual({
      filter: { a: 1 },
      cursorPaging: { limit: 20 },
    });
  });

  it('switches an offset query to cursor paging from its first page', () => {
    expect(q().eq('a', 1).descending('b').limit(20).cursorPaged().build()).toEqual({
      filter: { a: 1 },
      sort: [{ fieldName: 'b', order: 'DESC' }],
      cursorPaging: { limit: 20 },
    });
    expect(() => q().skip(20).cursorPaged()).toThrow('cannot follow skip()');
    expect(() => q().cursorPaged().skip(20)).toThrow('skip() needs offset paging');
  });

  it('sends only cursorPaging once a cursor is given', () => {
    expect(q().eq('a', 1).ascending('b').limit(5).skipTo('cur-1').build()).toEqual({
      cursorPaging: { limit: 5, cursor: 'cur-1' },
    });
  });

  it.each([
    ['limit 0', () => q().limit(0)],
    ['limit 1.5', () => q().limit(1.5)],
    ['skip -1', () => q().skip(-1)],
  ])('rejects %s', (_name, make) => {
    expect(make).toThrow(RangeError);
  });

  it('refuses skip in cursor mode', () => {
    expect(() => q('cursor').skip(10)).toThrow('skip() needs offset paging');
  });

  it('is immutable: each step returns a new builder', () => {
    const base = q().eq('a', 1);
    const narrowed = base.eq('b', 2).limit(3);
    expect(base.build()).toEqual({ filter: { a: 1 }, paging: { limit: 50, offset: 0 } });
    expect(narrowed.build()).toEqual({ filter: { a: 1, b: 2 }, paging: { limit: 3, offset: 0 } });
  });

  it('find() runs the built query', async () => {
    const seen: WireQuery[] = [];
    const builder = new QueryBuilder<Item>(async (query) => {
      seen.push(query);
      return Promise.reject(new Error('stop'));
    });
    await builder
      .eq('x', 'y')
      .find()
      .catch(() => undefined);
    expect(seen).toEqual([{ filter: { x: 'y' }, paging: { limit: 50, offset: 0 } }]);
  });
});

describe('combineFilters', () => {
  it.each([
    [[], undefined],
    [[{ a: 1 }], { a: 1 }],
    [[{ a: 1 }, { b: 2 }], { a: 1, b: 2 }],
    [[{ a: 1 }, { a: 2 }], { $and: [{ a: 1 }, { a: 2 }] }],
  ])('%j → %j', (conditions, filter) => {
    expect(combineFilters(conditions)).toEqual(filter);
  });
});
