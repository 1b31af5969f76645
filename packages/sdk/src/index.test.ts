import { describe, expect, it } from 'vitest';
import * as sdk from './index.ts';

describe('public entry point', () => {
  it('exports the documented constants', () => {
    expect(sdk.DEFAULT_PAGE_SIZE).toBe(50);
    expect(sdk.GET_QUERY_LIMIT).toBe(4000);
    expect(sdk.DIRECT_LOGIN_TIMEOUT_MS).toBe(120000);
    expect(sdk.PREWARM_INTERVAL_MS).toBe(604800000);
    expect(Object.values(sdk.LoginState)).toEqual([
      'INITIAL',
      'SUCCESS',
      'FAILURE',
      'EMAIL_VERIFICATION_REQUIRED',
      'OWNER_APPROVAL_REQUIRED',
      'USER_CAPTCHA_REQUIRED',
      'SILENT_CAPTCHA_REQUIRED',
    ]);
    expect(Object.values(sdk.TokenRole)).toEqual(['none', 'visitor', 'member']);
    expect(Object.values(sdk.LoginErrorCode).sort()).toEqual([
      'emailAlreadyExists',
      'invalidCaptchaToken',
      'invalidEmail',
      'invalidPassword',
      'missingCaptchaToken',
      'resetPassword',
    ]);
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
    'OAuthStrategy',
    'memoryTokenStorage',
    'localStorageTokenStorage',
    'cookieTokenStorage',
    'readTokensCookie',
    'serializeTokensCookie',
    'createCodeVerifier',
    'createCodeChallenge',
    'createOAuthData',
    'redirects',
    'authentication',
    'recovery',
    'verification',
    'members',
    'currentCart',
    'storeSettings',
    'deliveryRegions',
    'shippingOptions',
    'taxGroups',
    'taxRegions',
    'taxRates',
    'coupons',
    'abandonedCheckouts',
    'backInStockRequests',
    'webhooks',
    'verifyWebhook',
    'inventory',
    'inventoryItems',
    'brands',
    'ribbons',
    'customizations',
    'infoSections',
    'catalogVersion',
    'imageFromWire',
    'imageToWire',
    'getImageUrl',
    'addressFromWire',
    'addressToWire',
    'convertFromWire',
    'convertToWire',
    'entityCalls',
    'leadingZeroBits',
  ])('exports %s', (name) => {
    expect(typeof new Map(Object.entries(sdk)).get(name)).toBe('function');
  });
});
