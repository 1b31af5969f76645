import { type ConversionSpec, convertToWire } from '../core/convert.ts';
import { defined, joinFieldMask } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type { BulkResult, FieldMask } from './common-types.ts';
import type { Customization, CustomizationChoiceInput, CustomizationInput } from './merchandising-types.ts';
import { type BulkCreateOptions, CATALOGUE_V3_PATH, v3Calls, v3Resource } from './v3-entities.ts';

export const CUSTOMIZATIONS_PATH = `${CATALOGUE_V3_PATH}/customizations`;

/** A customization: dates, and choice images as `aisle:image://` URIs (both ways). */
export const CUSTOMIZATION_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate'],
  images: ['choicesSettings.choices.displayImage'],
};

const choicesToWire = (choices: readonly CustomizationChoiceInput[]): unknown =>
  convertToWire([...choices], { images: ['displayImage'] });

/**
 * Customizations (catalogue v3): product options and modifiers, free text or choices; admin writes.
 * `createCustomization`, `getCustomization`, `updateCustomization` (send the `revision` you read),
 * `deleteCustomization`, `queryCustomizations` (cursor-paged GET* with POST fallback), `countCustomizations`,
 * `bulkCreateCustomizations`, `bulkUpdateCustomizations`, and the choice calls:
 */
export const customizations = (http: Http) => {
  const calls = v3Resource<Customization, CustomizationInput, CustomizationInput>(http, {
    segment: 'customizations',
    plural: 'customizations',
    queryMethod: 'GET',
    conversion: CUSTOMIZATION_CONVERSION,
    input: { images: ['choicesSettings.choices.displayImage'] },
    key: 'customization',
  });
  const choices = (customizationId: string, action: string, data: object): Promise<Customization> =>
    calls.post(`/{customizationId}/${action}`, { customizationId, ...data });
  /** A call sending a list of choices (`add-choices`, `set-choices`). */
  const choiceList =
    (action: string) =>
    (
      customizationId: string,
      list: readonly CustomizationChoiceInput[],
      options: { revision?: string } = {},
    ): Promise<Customization> =>
      choices(customizationId, action, defined({ choices: choicesToWire(list), revision: options.revision }));
  /** A call sending a list of choice ids (`remove-choices`, `reorder-choices`). */
  const choiceIdList =
    (action: string) =>
    (customizationId: string, choiceIds: readonly string[], revision: string): Promise<Customization> =>
      choices(customizationId, action, { choiceIds: [...choiceIds], revision });
  return {
    ...v3Calls(calls, { one: 'Customization', many: 'Customizations' }),
    addCustomizationChoices: choiceList('add-choices'),
    /** Replaces every choice. */
    setCustomizationChoices: choiceList('set-choices'),
    removeCustomizationChoices: choiceIdList('remove-choices'),
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
    reorderCustomizationChoices: choiceIdList('reorder-choices'),
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
