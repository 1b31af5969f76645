import type { SandboxCardInput } from '@aisle/sdk';
import { type ChangeEvent, type RefObject, useId } from 'react';
import { Field } from '../form.tsx';

/** The card as typed. */
export interface CardValue {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardErrors = Partial<Record<keyof CardValue, string>>;

export const EMPTY_CARD: CardValue = { number: '', expiry: '', cvc: '', name: '' };

const digits = (value: string) => value.replace(/\D/g, '');

/** Luhn check of a card number's digits. */
function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** `MM / YY` (or `MM/YYYY`) as month and four-digit year. */
function parseExpiry(expiry: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

/** The card's problems per field; `now` decides what has expired. */
export function validateCard(card: CardValue, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = digits(card.number);
  if (!number) errors.number = 'Enter the card number.';
  else if (number.length < 12 || number.length > 19 || !luhn(number))
    errors.number = 'This card number is not valid. Check it and try again.';
  const expiry = parseExpiry(card.expiry);
  if (!card.expiry.trim()) errors.expiry = 'Enter the expiry date.';
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM / YY.';
  else if (expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1)
    errors.expiry = 'This card has expired.';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digit security code.';
  if (!card.name.trim()) errors.name = 'Enter the name on the card.';
  return errors;
}

/** The card as the sandbox tokeniser takes it (only call after `validateCard` found nothing). */
export function toCardInput(card: CardValue): SandboxCardInput {
  const expiry = parseExpiry(card.expiry) ?? { month: 0, year: 0 };
  return {
    number: digits(card.number),
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: card.cvc.trim(),
    holderName: card.name.trim(),
  };
}

/** The tokeniser's field names → the form's. */
export const CARD_FIELD: Record<string, keyof CardValue> = {
  number: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
  holderName: 'name',
};

/** Groups of four as the shopper types. */
const spaced = (value: string) =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** Card number, expiry, security code and the name on the card. */
export function CardFields({
  value,
  onChange,
  errors,
  numberRef,
  disabled,
}: {
  value: CardValue;
  onChange: (value: CardValue) => void;
  errors: CardErrors;
  numberRef?: RefObject<HTMLInputElement | null>;
  disabled?: boolean;
}) {
  const ids = useId();
  // The value, change handler, id and error of the card's field `key`, storing what is typed as `typed` makes it.
  const inputOf = (key: keyof CardValue, typed: (value: string) => string) => ({
    id: `${ids}-${key}`,
    value: value[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      onChange({ ...value, [key]: typed(event.target.value) }),
    'aria-required': true,
    error: errors[key],
  });
  const asTyped = (typed: string) => typed;
  return (
    <fieldset className="stack card-fields" disabled={disabled}>
      <legend className="visually-hidden">Card details</legend>
      <Field
        label="Card number"
        ref={numberRef}
        name="cc-number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        {...inputOf('number', spaced)}
      />
      <div className="field-row card-row">
        <Field
          label="Expiry date"
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM / YY"
          {...inputOf('expiry', asTyped)}
        />
        <Field
          label="Security code"
          name="cc-csc"
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          placeholder="CVC"
          hint="3 digits on the back, 4 on the front for American Express."
          {...inputOf('cvc', digits)}
        />
      </div>
      <Field label="Name on card" name="cc-name" autoComplete="cc-name" {...inputOf('name', asTyped)} />
    </fieldset>
  );
}
