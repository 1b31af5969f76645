import { type ConversionSpec, convertFromWire, convertToWire } from './convert.ts';
import { defined, joinFieldMask, type PatchOptions, uncapitalize } from './entity.ts';
import type { Http } from './transport.ts';

/** Which fields a settings write sets. */
type SettingsUpdateOptions = Pick<PatchOptions, 'fieldMask'>;

/** Where a settings object is and how its answers convert. */
export interface SettingsSpec {
  path: string;
  conversion: ConversionSpec;
}

/** `get<Name>` and `update<Name>` of a store-wide settings object. */
export type SettingsCalls<Name extends string, S, U> = Record<`get${Name}`, () => Promise<S>> &
  Record<`update${Name}`, (settings: U, options?: SettingsUpdateOptions) => Promise<S>>;

/**
 * A store-wide settings object (store, checkout, orders settings) named once:
 * `settingsCalls<S, U>()(http, 'OrdersSettings', {path, conversion})` gives `getOrdersSettings()` (`GET <path>`)
 * and `updateOrdersSettings(settings, {fieldMask})` (`PATCH <path> {ordersSettings, fieldMask}`), both
 * answered `{ordersSettings}` and converted by `conversion`; `read(sub)` is a GET of a path under it.
 */
export function settingsCalls<S, U>() {
  return <Name extends string>(http: Http, name: Name, { path, conversion }: SettingsSpec) => {
    const key = uncapitalize(name);
    const settingsOf = (response: Record<string, unknown>): S =>
      convertFromWire(response[key], conversion) as S;
    const read = (sub = ''): Promise<S> =>
      http.request<Record<string, unknown>>({ method: 'GET', path: `${path}${sub}` }).then(settingsOf);
    const named = {
      [`get${name}`]: () => read(),
      [`update${name}`]: (settings: U, options: SettingsUpdateOptions = {}) =>
        http
          .request<Record<string, unknown>>({
            method: 'PATCH',
            path,
            data: defined({
              [key]: convertToWire(settings, conversion),
              fieldMask: joinFieldMask(options.fieldMask),
            }),
          })
          .then(settingsOf),
    };
    return { read, named: named as SettingsCalls<Name, S, U> };
  };
}
