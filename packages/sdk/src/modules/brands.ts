import type { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type { BulkResult, FieldMask } from './common-types.ts';
import type { Brand, FieldsOptions, MerchandisingUpdateOptions, NamedInput } from './merchandising-types.ts';
import {
  type BulkCreateOptions,
  type BulkUpdateOptions,
  CATALOGUE_V3_PATH,
  type CountOptions,
  v3EntityCalls,
} from './v3-entities.ts';

export const BRANDS_PATH = `${CATALOGUE_V3_PATH}/brands`;

const CONVERSION = { dates: ['createdDate', 'updatedDate'] };

/** Brands (catalogue v3): reads for everyone, writes for admin clients. */
export const brands = (http: Http) => {
  const calls = v3EntityCalls<Brand, NamedInput, NamedInput>(http, {
    segment: 'brands',
    plural: 'brands',
    key: 'brand',
    queryMethod: 'GET',
    conversion: CONVERSION,
  });
  return {
    createBrand: (brand: NamedInput & { name: string }): Promise<Brand> => calls.create(brand),
    getBrand: (brandId: string, options?: FieldsOptions): Promise<Brand> => calls.get(brandId, options),
    /** Send the `revision` you read. */
    updateBrand: (brandId: string, brand: NamedInput, options?: MerchandisingUpdateOptions): Promise<Brand> =>
      calls.update(brandId, brand, options),
    deleteBrand: (brandId: string): Promise<void> => calls.remove(brandId),
    /** Cursor-paged; `.find()` sends GET* `/query` (POST fallback, same path). */
    queryBrands: (options?: FieldsOptions): QueryBuilder<Brand> => calls.query(options),
    countBrands: (options?: CountOptions): Promise<number> => calls.count(options),
    bulkCreateBrands: (
      list: readonly (NamedInput & { name: string })[],
      options?: BulkCreateOptions,
    ): Promise<BulkResult<Brand>> => calls.bulkCreate(list, options),
    bulkUpdateBrands: (
      list: readonly { brand: NamedInput & { id: string }; fieldMask?: FieldMask }[],
      options?: BulkUpdateOptions,
    ): Promise<BulkResult<Brand>> =>
      calls.bulkUpdate(
        list.map((item) => ({ entity: item.brand, fieldMask: item.fieldMask })),
        options,
      ),
    bulkDeleteBrands: (brandIds: readonly string[]): Promise<BulkResult<never>> => calls.bulkDelete(brandIds),
    /** The brand of that name, created when missing. */
    getOrCreateBrand: (brandName: string): Promise<Brand> => calls.post('/get-or-create', { brandName }),
    bulkGetOrCreateBrands: (brandNames: readonly string[]): Promise<BulkResult<Brand>> =>
      calls.bulk<Brand>('get-or-create', { brandNames: [...brandNames] }),
  };
};

export type BrandsModule = ReturnType<typeof brands>;
