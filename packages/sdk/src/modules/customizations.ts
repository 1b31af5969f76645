import { type ConversionSpec, convertToWire } from '../core/convert.ts';
import { defined, joinFieldMask } from '../core/entity.ts';
import type { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type { BulkResult, FieldMask } from './common-types.ts';
import type {
  Customization,
  CustomizationChoiceInput,
  CustomizationInput,
  FieldsOptions,
  MerchandisingUpdateOptions,
} from './merchandising-types.ts';
import {
  type BulkCreateOptions,
  type BulkUpdateOptions,
  CATALOGUE_V3_PATH,
  type CountOptions,
  v3EntityCalls,
} from './v3-entities.ts';

export const CUSTOMIZATIONS_PATH = `${CATALOGUE_V3_PATH}/customizations`;

/** A customization: dates, and choice images as `aisle:image://` URIs (both ways). */
export const CUSTOMIZATION_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate'],
  images: ['choicesSettings.choices.displayImage'],
};

const choicesToWire = (choices: readonly CustomizationChoiceInput[]): unknown =>
  convertToWire([...choices], { images: ['displayImage'] });

/** Customizations (catalogue v3): product options and modifiers, free text or choices; admin writes. */
export const customizations = (http: Http) => {
  const calls = v3EntityCalls<Customization, CustomizationInput, CustomizationInput>(http, {
    segment: 'customizations',
    plural: 'customizations',
    key: 'customization',
    queryMethod: 'GET',
    conversion: CUSTOMIZATION_CONVERSION,
    input: { images: ['choicesSettings.choices.displayImage'] },
  });
  const choices = (customizationId: string, action: string, data: object): Promise<Customization> =>
    calls.post(`/{customizationId}/${action}`, { customizationId, ...data });
  return {
    createCustomization: (customization: CustomizationInput): Promise<Customization> =>
      calls.create(customization),
    getCustomization: (customizationId: string, options?: FieldsOptions): Promise<Customization> =>
      calls.get(customizationId, options),
    /** Send the `revision` you read. */
    updateCustomization: (
      customizationId: string,
      customization: CustomizationInput,
      options?: MerchandisingUpdateOptions,
    ): Promise<Customization> => calls.update(customizationId, customization, options),
    deleteCustomization: (customizationId: string): Promise<void> => calls.remove(customizationId),
    /** Cursor-paged; `.find()` sends GET* `/query` (POST fallback, same path). */
    queryCustomizations: (options?: FieldsOptions): QueryBuilder<Customization> => calls.query(options),
    countCustomizations: (options?: CountOptions): Promise<number> => calls.count(options),
    bulkCreateCustomizations: (
      list: readonly CustomizationInput[],
      options?: BulkCreateOptions,
    ): Promise<BulkResult<Customization>> => calls.bulkCreate(list, options),
    bulkUpdateCustomizations: (
      list: readonly { customization: CustomizationInput & { id: string }; fieldMask?: FieldMask }[],
      options?: BulkUpdateOptions,
    ): Promise<BulkResult<Customization>> =>
      calls.bulkUpdate(
        list.map((item) => ({ entity: item.customization, fieldMask: item.fieldMask })),
        options,
      ),

    addCustomizationChoices: (
      customizationId: string,
      added: readonly CustomizationChoiceInput[],
      options: { revision?: string } = {},
    ): Promise<Customization> =>
      choices(
        customizationId,
        'add-choices',
        defined({ choices: choicesToWire(added), revision: options.revision }),
      ),
    /** Replaces every choice. */
    setCustomizationChoices: (
      customizationId: string,
      replacement: readonly CustomizationChoiceInput[],
      options: { revision?: string } = {},
    ): Promise<Customization> =>
      choices(
        customizationId,
        'set-choices',
        defined({ choices: choicesToWire(replacement), revision: options.revision }),
      ),
    removeCustomizationChoices: (
      customizationId: string,
      choiceIds: readonly string[],
      revision: string,
    ): Promise<Customization> =>
      choices(customizationId, 'remove-choices', { choiceIds: [...choiceIds], revision }),
    updateCustomizationChoices: (
      customizationId: string,
      updates: readonly { choice: CustomizationChoiceInput & { id: string }; fieldMask?: FieldMask }[],
      revision: string,
    ): Promise<Customization> =>
      choices(customizationId, 'update-choices', {
        choices: updates.map((item) =>
          defined({
            choice: convertToWire(item.choice, { images: ['displayImage'] }),
            fieldMask: joinFieldMask(item.fieldMask),
          }),
        ),
        revision,
      }),
    /** The choices in this order. */
    reorderCustomizationChoices: (
      customizationId: string,
      choiceIds: readonly string[],
      revision: string,
    ): Promise<Customization> =>
      choices(customizationId, 'reorder-choices', { choiceIds: [...choiceIds], revision }),
    bulkAddCustomizationChoices: (
      customizationsChoices: readonly { customizationId: string; choices: CustomizationChoiceInput[] }[],
      options: BulkCreateOptions = {},
    ): Promise<BulkResult<Customization>> =>
      calls.bulk<Customization>(
        'add-choices',
        defined({
          customizationsChoices: customizationsChoices.map((item) => ({
            customizationId: item.customizationId,
            choices: choicesToWire(item.choices),
          })),
          returnEntity: options.returnEntity,
        }),
      ),
  };
};

export type CustomizationsModule = ReturnType<typeof customizations>;
