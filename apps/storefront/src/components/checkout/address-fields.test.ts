import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS, fromAddressWithContact, isComplete } from './address-fields.tsx';

describe('fromAddressWithContact', () => {
  it('fills the form from the address and contact, keeping the fallback where a field is empty', () => {
    expect(
      fromAddressWithContact(
        {
          address: {
            country: 'US',
            subdivision: 'US-CA',
            city: 'San Francisco',
            addressLine1: '',
            postalCode: '94105',
          },
          contactDetails: { firstName: 'Ada', lastName: '', phone: '+1 415 555 0100' },
        },
        { lastName: 'Lovelace', addressLine1: '500 Howard St' },
      ),
    ).toEqual({
      ...EMPTY_ADDRESS,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+1 415 555 0100',
      addressLine1: '500 Howard St',
      city: 'San Francisco',
      country: 'US',
      subdivision: 'US-CA',
      postalCode: '94105',
    });
  });

  it('is the empty form for no source', () => {
    expect(fromAddressWithContact(undefined)).toEqual(EMPTY_ADDRESS);
    expect(isComplete(undefined)).toBe(false);
    expect(isComplete({ address: { country: 'US', postalCode: '94105' } })).toBe(false);
  });
});
