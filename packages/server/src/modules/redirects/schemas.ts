import { type Static, Type } from '@sinclair/typebox';

const Opt = Type.Optional;
const Str = (max = 2000) => Type.String({ maxLength: max });

export const SECTIONS = ['ACCOUNT_INFO', 'BOOKINGS', 'ORDERS', 'SUBSCRIPTIONS', 'EVENTS'] as const;
export type Section = (typeof SECTIONS)[number];

export const AuthRequest = Type.Object({
  clientId: Opt(Str(200)),
  responseType: Opt(Str(40)),
  redirectUri: Opt(Str()),
  scope: Opt(Str(400)),
  state: Opt(Str(500)),
  responseMode: Opt(Str(40)),
  codeChallenge: Opt(Str(200)),
  codeChallengeMethod: Opt(Str(20)),
  sessionToken: Opt(Str(200)),
  nonce: Opt(Str(500)),
  prompt: Opt(Str(40)),
  idp: Opt(Str(200)),
});

export const Callbacks = Type.Object({
  thankYouPageUrl: Opt(Str()),
  postFlowUrl: Opt(Str()),
  loginUrl: Opt(Str()),
  bookingsServiceListUrl: Opt(Str()),
  cartPageUrl: Opt(Str()),
  planListUrl: Opt(Str()),
});
export type Callbacks = Static<typeof Callbacks>;

const Loose = Type.Record(Type.String(), Type.Unknown());

/** wire/redirects.md: exactly one intent, plus callbacks, preferences and origin. */
export const RedirectSessionRequest = Type.Object({
  ecomCheckout: Opt(Type.Object({ checkoutId: Opt(Str(200)) })),
  bookingsCheckout: Opt(Loose),
  eventsCheckout: Opt(Type.Object({ reservationId: Opt(Str(200)), eventSlug: Opt(Str(400)) })),
  paidPlansCheckout: Opt(Type.Object({ planId: Opt(Str(200)), checkoutData: Opt(Str(4000)) })),
  login: Opt(Loose),
  logout: Opt(Type.Object({ clientId: Opt(Str(200)) })),
  auth: Opt(Type.Object({ authRequest: Opt(AuthRequest), prompt: Opt(Str(40)) })),
  storesProduct: Opt(Type.Object({ productSlug: Opt(Str(400)) })),
  bookingsBook: Opt(Type.Object({ resourceId: Opt(Str(200)) })),
  ecomOrderPaymentRequest: Opt(Type.Object({ paymentRequestId: Opt(Str(200)) })),
  membersAccount: Opt(Type.Object({ section: Opt(Type.Union(SECTIONS.map((s) => Type.Literal(s)))) })),
  callbacks: Opt(Callbacks),
  preferences: Opt(
    Type.Object({
      useGenericAislePages: Opt(Type.Boolean()),
      maintainIdentity: Opt(Type.Boolean()),
      additionalQueryParameters: Opt(Type.Record(Type.String({ maxLength: 100 }), Str(1000))),
      checkIfPublish: Opt(Type.Boolean()),
    }),
  ),
  origin: Opt(Str(500)),
});
export type RedirectSessionRequest = Static<typeof RedirectSessionRequest>;

/** Where a redirect session is created and read (wire/README §1: the public path, then its custom-host alias). */
export const SESSION_PREFIXES = ['/_api/redirects-api/v1/redirect-session', '/headless/v1/redirect-session'];

export const SessionParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
