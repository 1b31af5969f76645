import type { SandboxCardInput } from '@aisle/sdk';
import { type RefObject, useId } from 'react';

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
  const described = (key: keyof CardValue, hint?: string) =>
    [hint, errors[key] ? `${ids}-${key}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const error = (key: keyof CardValue) =>
    errors[key] ? (
      <p className="field-error" id={`${ids}-${key}-error`}>
        {errors[key]}
      </p>
    ) : null;
  return (
    <fieldset className="stack card-fields" disabled={disabled}>
      <legend className="visually-hidden">Card details</legend>
      <div className="field">
        <label htmlFor={`${ids}-number`}>Card number</label>
        <input
          ref={numberRef}
          id={`${ids}-number`}
          name="cc-number"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          value={value.number}
          onChange={(event) => onChange({ ...value, number: spaced(event.target.value) })}
          aria-required
          aria-invalid={errors.number ? true : undefined}
          aria-describedby={described('number')}
        />
        {error('number')}
      </div>
      <div className="field-row card-row">
        <div className="field">
          <label htmlFor={`${ids}-expiry`}>Expiry date</label>
          <input
            id={`${ids}-expiry`}
            name="cc-exp"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM / YY"
            value={value.expiry}
            onChange={(event) => onChange({ ...value, expiry: event.target.value })}
            aria-required
            aria-invalid={errors.expiry ? true : undefined}
            aria-describedby={described('expiry')}
          />
          {error('expiry')}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-cvc`}>Security code</label>
          <input
            id={`${ids}-cvc`}
            name="cc-csc"
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            placeholder="CVC"
            value={value.cvc}
            onChange={(event) => onChange({ ...value, cvc: digits(event.target.value) })}
            aria-required
            aria-invalid={errors.cvc ? true : undefined}
            aria-describedby={described('cvc', `${ids}-cvc-hint`)}
          />
          <p className="field-hint" id={`${ids}-cvc-hint`}>
            3 digits on the back, 4 on the front for American Express.
          </p>
          {error('cvc')}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-name`}>Name on card</label>
        <input
          id={`${ids}-name`}
          name="cc-name"
          autoComplete="cc-name"
          value={value.name}
          onChange={(event) => onChange({ ...value, name: event.target.value })}
          aria-required
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described('name')}
        />
        {error('name')}
      </div>
    </fieldset>
  );
}
