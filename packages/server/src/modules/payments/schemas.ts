import { type Static, Type } from '@sinclair/typebox';

/** The sandbox's card tokenisation and confirmation page. */

export const CardTokenRequest = Type.Object({
  number: Type.String({
    minLength: 1,
    maxLength: 30,
    description: 'The card number (spaces and dashes allowed)',
  }),
  expMonth: Type.Integer({ minimum: 1, maximum: 12 }),
  expYear: Type.Integer({ minimum: 0, maximum: 9999 }),
  cvc: Type.Optional(Type.String({ maxLength: 4 })),
  holderName: Type.Optional(Type.String({ maxLength: 200 })),
});
export type CardTokenRequest = Static<typeof CardTokenRequest>;

export const ConfirmQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  returnUrl: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ConfirmQuery = Static<typeof ConfirmQuery>;

export const ConfirmForm = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  returnUrl: Type.Optional(Type.String({ maxLength: 2000 })),
  decision: Type.Union([Type.Literal('confirm'), Type.Literal('fail')]),
});
export type ConfirmForm = Static<typeof ConfirmForm>;
