import { describe, expect, it } from 'vitest';
import * as sdk from './index.ts';

describe('public entry point', () => {
  it('exports the documented constants', () => {
    expect(sdk.DEFAULT_PAGE_SIZE).toBe(50);
    expect(sdk.GET_QUERY_LIMIT).toBe(4000);
  });

  it.each([
    'createClient',
    'createHttp',
    'ApiKeyStrategy',
    'StaticTokenStrategy',
    'AisleError',
    'AisleValidationError',
    'AisleApplicationError',
    'AisleSystemError',
    'QueryBuilder',
    'createPage',
    'createFinder',
    'applyTransform',
    'serializeDates',
    'renameKeysToWire',
    'renameKeysFromWire',
    'renameQueryToWire',
    'products',
    'collections',
  ])('exports %s', (name) => {
    expect(typeof new Map(Object.entries(sdk)).get(name)).toBe('function');
  });
});
