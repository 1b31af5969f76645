import { describe, expect, it } from 'vitest';
import {
  renameKeysFromWire,
  renameKeysToWire,
  renamePathFromWire,
  renamePathToWire,
  renameQueryToWire,
} from './renames.ts';

describe('path renames', () => {
  it.each([
    ['_id', 'id'],
    ['_createdDate', 'createdDate'],
    ['_updatedDate', 'updatedDate'],
    ['lineItems._id', 'lineItems.id'],
    ['name', 'name'],
    ['_idx', '_idx'],
    ['identity', 'identity'],
  ])('%s ↔ %s', (client, wire) => {
    expect(renamePathToWire(client)).toBe(wire);
    expect(renamePathFromWire(wire)).toBe(client);
  });

  it('does not treat inherited object members as names', () => {
    expect(renamePathToWire('constructor')).toBe('constructor');
  });
});

describe('key renames', () => {
  const client = {
    _id: 'c1',
    _createdDate: new Date(0),
    name: 'n',
    lineItems: [{ _id: 'l1', _updatedDate: 'x' }],
    nested: { _id: 'n1' },
  };
  const wire = {
    id: 'c1',
    createdDate: new Date(0),
    name: 'n',
    lineItems: [{ id: 'l1', updatedDate: 'x' }],
    nested: { id: 'n1' },
  };

  it('renames keys at every depth, both ways', () => {
    expect(renameKeysToWire(client)).toEqual(wire);
    expect(renameKeysFromWire(wire)).toEqual(client);
  });

  it('keeps values that are not plain objects', () => {
    const date = new Date(0);
    expect(renameKeysToWire({ _createdDate: date })).toEqual({ createdDate: date });
    expect(renameKeysFromWire('id')).toBe('id');
  });
});

describe('renameQueryToWire', () => {
  it('renames filter paths (nested operators and dotted paths) and sort field names', () => {
    const query = {
      filter: { _id: { $in: ['a'] }, $or: [{ 'lineItems._id': 'x' }, { _createdDate: { $gt: 'd' } }] },
      sort: [
        { fieldName: '_updatedDate', order: 'DESC' as const },
        { fieldName: 'name', order: 'ASC' as const },
      ],
      paging: { limit: 10, offset: 0 },
    };
    expect(renameQueryToWire(query)).toEqual({
      filter: { id: { $in: ['a'] }, $or: [{ 'lineItems.id': 'x' }, { createdDate: { $gt: 'd' } }] },
      sort: [
        { fieldName: 'updatedDate', order: 'DESC' },
        { fieldName: 'name', order: 'ASC' },
      ],
      paging: { limit: 10, offset: 0 },
    });
  });

  it('leaves a cursor-only query as it is', () => {
    expect(renameQueryToWire({ cursorPaging: { limit: 5, cursor: 'c' } })).toEqual({
      cursorPaging: { limit: 5, cursor: 'c' },
    });
  });
});
