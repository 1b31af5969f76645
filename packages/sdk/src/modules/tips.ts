import { type ConversionSpec, convertFromWire } from '../core/convert.ts';
import { DATED, declaredCalls, defined } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type {
  PreviewTipRequest,
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

const tipOf = (response: { tip?: unknown }): Tip => convertFromWire(response.tip, TIP_CONVERSION) as Tip;

/**
 * Tips: the merchant's tip settings (admin writes; shoppers read enabled ones), previews, and the buyer's
 * choice for a checkout (by its `purchaseFlowId`; whoever may act on the checkout: its visitor or member, an
 * admin, or a hosted page whose client sends the checkout's redirect session in `REDIRECT_SESSION_HEADER`).
 * `queryTipSettings` is offset-paged (GET* `/query`, POST fallback).
 */
export const tips = (http: Http) => {
  const { calls: settings, named } = declaredCalls<TipSettings, TipSettingsInput, TipSettingsUpdate>()(
    http,
    ['TipSettings', 'TipSettings'],
    { path: TIP_SETTINGS_PATH, queryMethod: 'GET', conversion: DATED },
  );
  return {
    ...named,
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

    /** The default settings (for shoppers only when enabled); undefined when there are none. */
    getDefaultTipSettings: (): Promise<TipSettings | undefined> =>
      http
        .request<{ tipSettings?: unknown }>({ method: 'GET', path: `${TIP_SETTINGS_PATH}/default` })
        .then((response) => (response.tipSettings ? settings.fromWire(response.tipSettings) : undefined)),
  };
};

export type TipsModule = ReturnType<typeof tips>;
