import { type ConversionSpec, convertFromWire } from '../core/convert.ts';
import { defined, entityCalls, joinFieldMask } from '../core/entity.ts';
import { createFinder } from '../core/find.ts';
import { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type {
  PreviewTipRequest,
  SettingsUpdateOptions,
  Tip,
  TipChoice,
  TipSettings,
  TipSettingsInput,
  TipSettingsUpdate,
} from './checkout-settings-types.ts';

export const TIPS_PATH = '/tips/v1/tips';
export const TIP_SETTINGS_PATH = '/tips/v1/tip-settings';

/** Conversions of a tip, relative to it. */
export const TIP_CONVERSION: ConversionSpec = {
  dates: ['distributions.createdDate', 'distributions.transaction.date'],
};
const TIP_SETTINGS_CONVERSION: ConversionSpec = { dates: ['createdDate', 'updatedDate'] };

const tipOf = (response: { tip?: unknown }): Tip => convertFromWire(response.tip, TIP_CONVERSION) as Tip;

/**
 * Tips: the merchant's tip settings (admin writes; shoppers read enabled ones), previews, and the buyer's
 * choice for a checkout (by its `purchaseFlowId`; whoever may act on the checkout: its visitor or member, an
 * admin, or a hosted page whose client sends the checkout's redirect session in `REDIRECT_SESSION_HEADER`).
 */
export const tips = (http: Http) => {
  const settings = entityCalls<TipSettings, TipSettingsInput, TipSettingsUpdate>(http, {
    path: TIP_SETTINGS_PATH,
    key: 'tipSettings',
    conversion: TIP_SETTINGS_CONVERSION,
  });
  return {
    /** The tip a choice gives on some lines, in the store currency (none: the default choice). */
    previewTip: (request: PreviewTipRequest): Promise<Tip> =>
      http
        .request<{ tip?: unknown }>({ method: 'POST', path: `${TIPS_PATH}/preview`, data: request })
        .then(tipOf),

    /** The buyer's choice, else the default settings' default choice; undefined when there is neither. */
    getTipChoice: (purchaseFlowId: string): Promise<TipChoice | undefined> =>
      http
        .request<{ tipChoice?: TipChoice }>({
          method: 'GET',
          path: `${TIPS_PATH}/choice/{purchaseFlowId}`,
          data: { purchaseFlowId },
        })
        .then((response) => response.tipChoice),

    /** Refused (400) when the settings do not offer it; 409 once an order was placed from the checkout. */
    updateTipChoice: (
      purchaseFlowId: string,
      tipChoice: TipChoice,
      options: { tipSettingsId?: string } = {},
    ): Promise<TipChoice> =>
      http
        .request<{ tipChoice: TipChoice }>({
          method: 'PATCH',
          path: `${TIPS_PATH}/choice`,
          data: defined({ purchaseFlowId, tipChoice, tipSettingsId: options.tipSettingsId }),
        })
        .then((response) => response.tipChoice),

    createTipSettings: (tipSettings: TipSettingsInput): Promise<TipSettings> => settings.create(tipSettings),
    getTipSettings: (tipSettingsId: string): Promise<TipSettings> => settings.get(tipSettingsId),
    /** The default settings (for shoppers only when enabled); undefined when there are none. */
    getDefaultTipSettings: (): Promise<TipSettings | undefined> =>
      http
        .request<{ tipSettings?: unknown }>({ method: 'GET', path: `${TIP_SETTINGS_PATH}/default` })
        .then((response) => (response.tipSettings ? settings.fromWire(response.tipSettings) : undefined)),
    updateTipSettings: (
      tipSettingsId: string,
      tipSettings: TipSettingsUpdate,
      options: SettingsUpdateOptions = {},
    ): Promise<TipSettings> =>
      settings.update(tipSettingsId, tipSettings, { fieldMask: joinFieldMask(options.fieldMask) }),
    deleteTipSettings: (tipSettingsId: string): Promise<void> => settings.remove(tipSettingsId),
    /** Offset-paged; `.find()` sends GET* `/query` (POST fallback, same path). */
    queryTipSettings: (): QueryBuilder<TipSettings> =>
      new QueryBuilder<TipSettings>(
        createFinder<TipSettings>(http, {
          path: `${TIP_SETTINGS_PATH}/query`,
          itemsKey: 'tipSettings',
          metadataKey: 'pagingMetadata',
          item: settings.fromWire,
        }),
        'offset',
      ),
  };
};

export type TipsModule = ReturnType<typeof tips>;
