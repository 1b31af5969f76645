import { describe, expect, it } from 'vitest';
import { customValueFromWire, identityFromWire, stateMachineFromWire } from './identity-types.ts';

const ISO = '2024-03-01T12:00:00.000Z';
const DATE = new Date(ISO);

describe('identity conversions', () => {
  it('turns dateValue into a Date at any depth of list and map values', () => {
    expect(
      customValueFromWire({
        listValue: { value: [{ dateValue: ISO }, { strValue: 'x' }] },
        mapValue: {
          value: { since: { dateValue: ISO }, nested: { mapValue: { value: { at: { dateValue: ISO } } } } },
        },
      }),
    ).toEqual({
      listValue: { value: [{ dateValue: DATE }, { strValue: 'x' }] },
      mapValue: {
        value: { since: { dateValue: DATE }, nested: { mapValue: { value: { at: { dateValue: DATE } } } } },
      },
    });
  });

  it('keeps other values and unparsable dates as they came, without mutating the input', () => {
    const input = { strValue: 'a', numValue: 1.5, boolValue: false, dateValue: 'soon' };
    expect(customValueFromWire(input)).toEqual(input);
    expect(customValueFromWire(null)).toBeNull();
    const dated = { dateValue: ISO };
    customValueFromWire(dated);
    expect(dated.dateValue).toBe(ISO);
  });

  it('converts identity dates and profile custom-field dates', () => {
    // The same identity with its dates as the wire sends them (ISO text) and as the SDK gives them (Date).
    const identity = <D>(date: D) => ({
      id: 'm1',
      revision: '3',
      createdDate: date,
      updatedDate: date,
      identityProfile: {
        firstName: 'Ann',
        customFields: [
          { name: 'birthday', value: { dateValue: date } },
          { name: 'shoe', value: { numValue: 38 } },
        ],
      },
    });
    expect(identityFromWire(identity(ISO))).toEqual(identity(DATE));
  });

  it('converts a StateMachine’s identity and additionalData, leaving the rest', () => {
    expect(
      stateMachineFromWire({
        state: 'SUCCESS',
        sessionToken: 's',
        identity: { createdDate: ISO },
        additionalData: { lastSeen: { dateValue: ISO }, plan: { strValue: 'gold' } },
      }),
    ).toEqual({
      state: 'SUCCESS',
      sessionToken: 's',
      identity: { createdDate: DATE },
      additionalData: { lastSeen: { dateValue: DATE }, plan: { strValue: 'gold' } },
    });
    expect(stateMachineFromWire({ state: 'REQUIRE_OWNER_APPROVAL' })).toEqual({
      state: 'REQUIRE_OWNER_APPROVAL',
    });
  });
});
