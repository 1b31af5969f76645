import { describe, expect, it } from 'vitest';
import { type FieldSpec, formValues, readFields } from '../lib/fields.ts';
import { checkCheckout, checkoutUpdate } from './checkout-settings.tsx';
import { periodOf } from './dashboard.tsx';
import { checkTips } from './tips.tsx';
import { checkWebhook } from './webhooks.tsx';

// The merchant-worded checks of the settings forms and the dashboard's period, without a browser.

const EVENTS: FieldSpec = {
  name: 'events',
  label: 'Events to send',
  kind: 'checklist',
  options: [
    { value: '*', label: 'Every event' },
    { value: 'order.created', label: 'Created', group: 'Orders' },
  ],
};

describe('checklist fields', () => {
  it('read the ticked values, refuse values not offered, and show them again after a refused save', () => {
    const form = new FormData();
    form.append('events', 'order.created');
    form.append('events', '*');
    form.append('events', 'order.created');
    expect(readFields(form, [EVENTS])).toEqual({ values: { events: ['order.created', '*'] } });
    expect(formValues(form, [EVENTS])).toEqual({ events: ['order.created', '*', 'order.created'] });
    form.append('events', 'cart.hacked');
    expect(readFields(form, [EVENTS])).toMatchObject({
      error: { fields: { events: 'Choose events to send from the list.' } },
    });
    expect(readFields(new FormData(), [{ ...EVENTS, required: true }])).toMatchObject({
      error: { fields: { events: 'Choose at least one of the events to send.' } },
    });
  });
});

describe('tip settings', () => {
  const tips = (choices: string[], extra: Record<string, string | null> = {}) => ({
    tipType: 'PERCENTAGE',
    choices: choices.map((value) => ({ value })),
    defaultChoice: null,
    ...extra,
  });

  it('accept percentages up to 100 and a preselected choice among them', () => {
    expect(checkTips(tips(['10', '12.5', '100'], { defaultChoice: '12.50' }))).toEqual({});
  });

  it('say what is wrong with each choice, next to it', () => {
    expect(checkTips(tips(['0', '150', 'ten', '10', '10.0']))).toEqual({
      'choices[0].value': 'Enter more than 0.',
      'choices[1].value': 'Enter a percentage of 100 or less.',
      'choices[2].value': 'Enter a percentage such as 15 or 12.5.',
      'choices[4].value': 'This choice is already in the list.',
    });
    expect(checkTips(tips(['1', '2', '3', '4', '5', '6', '7'])).choices).toBe(
      'Offer at most 6 choices: remove 1.',
    );
  });

  it('want amounts with two decimals at most and the preselected one among the choices', () => {
    expect(checkTips({ ...tips(['2.505', '150']), tipType: 'AMOUNT' })).toEqual({
      'choices[0].value': 'Enter an amount such as 2 or 2.50 (at most two decimals).',
    });
    expect(checkTips(tips(['10', '15'], { defaultChoice: '12' }))).toEqual({
      defaultChoice: 'Enter one of the choices (10, 15), or leave it empty.',
    });
  });
});

describe('checkout settings', () => {
  const base = { logoImage: null, returnsVisible: false, returnsContent: null, phoneVisible: true };

  it('want the text of a policy shown, a detail asked for before it is required, a full logo address', () => {
    expect(
      checkCheckout({
        ...base,
        returnsVisible: true,
        phoneVisible: false,
        phoneRequired: true,
        logoImage: 'x.png',
      }),
    ).toEqual({
      returnsContent: 'Enter the text shoppers read, or stop showing it at checkout.',
      phoneRequired:
        'Tick “Ask for the phone number” too: a detail that is not asked for cannot be required.',
      logoImage: 'Enter the picture’s full address, starting with https://',
    });
    expect(checkCheckout({ ...base, customVisible: true, customContent: 'Be nice' })).toEqual({
      customTitle: 'Enter a title for your own policy, or stop showing it at checkout.',
    });
  });

  it('send every path the form edits in the field mask, and only the values given', () => {
    const { settings, fieldMask } = checkoutUpdate({
      logoSize: 'LARGE',
      logoImage: null,
      returnsVisible: true,
      returnsContent: 'Thirty days',
    });
    expect(settings).toEqual({
      checkoutBrand: { header: { logo: { size: 'LARGE' } } },
      checkoutPolicies: { returnPolicy: { visible: true, content: 'Thirty days' } },
    });
    expect(fieldMask).toContain('checkoutBrand.header.logo.image');
    expect(fieldMask).toContain('checkoutBillingFields.vatId.required');
  });
});

describe('webhooks', () => {
  it('want a full URL, at least one event, and event names for the other events', () => {
    expect(checkWebhook({ url: 'https://erp.example/hook', events: ['order.*'], otherEvents: null })).toEqual(
      {},
    );
    expect(checkWebhook({ url: 'https://erp.example/hook', events: [], otherEvents: 'sub.created' })).toEqual(
      {},
    );
    expect(checkWebhook({ url: 'erp.example', events: [], otherEvents: 'Orders' })).toEqual({
      url: 'Enter the full address of your receiver, such as https://example.com/aisle-webhooks.',
      otherEvents: '“Orders” is not an event name: write it as entity.type, such as order.created.',
    });
    expect(checkWebhook({ url: 'https://x.example/', events: [], otherEvents: null })).toEqual({
      events: 'Choose at least one event to send.',
    });
  });
});

describe('dashboard period', () => {
  const today = new Date(2026, 2, 15, 13, 0);

  it('count the last 7, 30 or 90 days up to today, 30 by default', () => {
    expect(periodOf(new URLSearchParams('period=7'), today)).toMatchObject({
      period: '7',
      from: '2026-03-09',
      to: '2026-03-15',
      errors: {},
    });
    expect(periodOf(new URLSearchParams(''), today)).toMatchObject({ from: '2026-02-14', to: '2026-03-15' });
    expect(periodOf(new URLSearchParams('period=bogus'), today)).toMatchObject({ period: '30' });
  });

  it('check a custom period next to its fields', () => {
    const custom = (from: string, to: string) =>
      periodOf(new URLSearchParams({ period: 'custom', from, to }), today).errors;
    expect(custom('2026-03-01', '2026-03-10')).toEqual({});
    expect(custom('', '2026-02-30')).toEqual({
      from: 'Enter the first day of the period.',
      to: 'Enter the last day of the period.',
    });
    expect(custom('2026-03-10', '2026-03-01')).toEqual({ to: 'The last day cannot be before the first.' });
    expect(custom('2024-01-01', '2026-03-01')).toEqual({ to: 'Choose at most 366 days (a year).' });
  });
});
