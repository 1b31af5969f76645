import { type Static, Type } from '@sinclair/typebox';
import { optionalFields, patchSchema } from '../../platform/entity-kit/index.ts';
import { literals } from '../../platform/schema.ts';
import { DOMESTIC_SERVICES, HANDLING_FEE_TYPES, INTERNATIONAL_SERVICES, PACKAGE_TYPES } from './model.ts';

/** Wire schemas of the shipping-label provider configuration (wire/merchant-settings.md). */

const Opt = Type.Optional;
const Str = (max: number) => Type.String({ maxLength: max });
const Id = Type.String({ format: 'uuid' });
const Money = Type.String({
  pattern: '^\\d{1,12}(\\.\\d{1,3})?$',
  description: 'A non-negative decimal string, e.g. "5.99"',
});
const Revision = Type.Union([Type.String({ pattern: '^\\d{1,19}$' }), Type.Integer({ minimum: 0 })]);

const ServiceSettings = Type.Object({
  estimatedDeliveryTime: Opt(Str(200)),
  handlingFee: Opt(
    Type.Object({
      value: Type.String({
        pattern: '^\\d{1,12}(\\.\\d{1,3})?$',
        description: 'FIXED: an amount; PERCENTAGE: a percentage of the carrier rate (at most 100)',
      }),
      calculationType: literals(HANDLING_FEE_TYPES),
    }),
  ),
  freeDeliveryMinimumAmount: Opt(Money),
});

const service = <T extends string>(values: readonly T[]) =>
  Type.Object({ id: Opt(Id), service: literals(values), serviceSettings: Opt(ServiceSettings) });

const fields = {
  deliveryRegionIds: Type.Array(Id, { maxItems: 100 }),
  domesticServices: Type.Array(service(DOMESTIC_SERVICES), { maxItems: DOMESTIC_SERVICES.length }),
  internationalServices: Type.Array(service(INTERNATIONAL_SERVICES), {
    maxItems: INTERNATIONAL_SERVICES.length,
  }),
  packageType: literals(PACKAGE_TYPES),
  packageDetails: Type.Object({
    name: Opt(Str(200)),
    dimensions: Opt(
      Type.Object({
        length: Opt(Type.Number({ minimum: 0, maximum: 10_000 })),
        width: Opt(Type.Number({ minimum: 0, maximum: 10_000 })),
        height: Opt(Type.Number({ minimum: 0, maximum: 10_000 })),
      }),
    ),
    maxNumberOfProducts: Opt(Type.Integer({ minimum: 1, maximum: 10_000 })),
  }),
  osLocationId: Str(200),
  backupRate: Type.Object({ active: Type.Boolean(), value: Opt(Money) }),
  backupWeight: Type.Object({
    active: Type.Boolean(),
    value: Opt(Type.Number({ minimum: 0, maximum: 100_000 })),
  }),
};

export const ShippoConfigurationCreate = Type.Object({
  deliveryRegionId: Opt(Id),
  ...optionalFields(fields),
});
export type ShippoConfigurationCreate = Static<typeof ShippoConfigurationCreate>;

export const ShippoConfigurationPatch = patchSchema(fields);
export type ShippoConfigurationPatch = Static<typeof ShippoConfigurationPatch>;

export const AddRegionRequest = Type.Object({ deliveryRegionId: Id, revision: Opt(Revision) });
export const RemoveRegionParams = Type.Object({ id: Id, deliveryRegionId: Id });
export const RemoveRegionQuery = Type.Object({ revision: Opt(Revision) });
