import { type Static, Type } from '@sinclair/typebox';

const Str = (max = 200) => Type.String({ maxLength: max });
const Opt = Type.Optional;

/** Commerce address (wire/README §3). */
export const Address = Type.Object({
  country: Opt(Str(2)),
  subdivision: Opt(Str(10)),
  city: Opt(Str()),
  postalCode: Opt(Str(40)),
  addressLine: Opt(Str()),
  addressLine2: Opt(Str()),
  streetAddress: Opt(
    Type.Object({
      number: Opt(Str(40)),
      name: Opt(Str()),
      apt: Opt(Str(40)),
      formattedAddressLine: Opt(Str(400)),
    }),
  ),
  formattedAddress: Opt(Str(600)),
  geocode: Opt(Type.Object({ latitude: Opt(Type.Number()), longitude: Opt(Type.Number()) })),
  hint: Opt(Str(400)),
  countryFullname: Opt(Str()),
  subdivisionFullname: Opt(Str()),
});

const scalars = {
  strValue: Opt(Str(2000)),
  numValue: Opt(Type.Number()),
  dateValue: Opt(Type.String({ format: 'date-time', maxLength: 40 })),
  boolValue: Opt(Type.Boolean()),
};
const ScalarValue = Type.Object(scalars);
/** CustomValue: one of its members (SPEC §3: string, number or date; the wire adds bool, list and map, one level deep here). */
export const CustomValue = Type.Object({
  ...scalars,
  listValue: Opt(Type.Object({ value: Type.Array(ScalarValue, { maxItems: 100 }) })),
  mapValue: Opt(Type.Object({ value: Type.Record(Type.String({ maxLength: 100 }), ScalarValue) })),
});
export type CustomValue = Static<typeof CustomValue>;

export const IdentityProfile = Type.Object({
  firstName: Opt(Str(100)),
  lastName: Opt(Str(100)),
  nickname: Opt(Str(100)),
  picture: Opt(Str(2000)),
  emails: Opt(Type.Array(Str(254), { maxItems: 20 })),
  phones: Opt(Type.Array(Str(40), { maxItems: 20 })),
  labels: Opt(Type.Array(Str(100), { maxItems: 50 })),
  language: Opt(Str(20)),
  privacyStatus: Opt(
    Type.Union([Type.Literal('UNDEFINED'), Type.Literal('PUBLIC'), Type.Literal('PRIVATE')]),
  ),
  customFields: Opt(Type.Array(Type.Object({ name: Str(100), value: CustomValue }), { maxItems: 100 })),
  secondaryEmails: Opt(Type.Array(Type.Object({ email: Str(254), tag: Opt(Str(40)) }), { maxItems: 20 })),
  phonesV2: Opt(
    Type.Array(Type.Object({ countryCode: Opt(Str(8)), phone: Str(40), tag: Opt(Str(40)) }), {
      maxItems: 20,
    }),
  ),
  addresses: Opt(
    Type.Array(Type.Object({ id: Opt(Str(64)), address: Address, tag: Opt(Str(40)) }), { maxItems: 50 }),
  ),
  company: Opt(Str()),
  position: Opt(Str()),
  birthdate: Opt(Str(40)),
  slug: Opt(Str()),
  subscription: Opt(Type.Boolean()),
  vatId: Opt(Type.Object({ id: Opt(Str(64)), type: Opt(Str(20)) })),
});
export type IdentityProfile = Static<typeof IdentityProfile>;

/** Every field is optional here: identity calls report their own errors in the shapes the clients expect. */
const LoginId = Type.Object({ email: Opt(Type.String({ maxLength: 1000 })) });
const CaptchaToken = Type.Object({
  Recaptcha: Opt(Str(4000)),
  InvisibleRecaptcha: Opt(Str(4000)),
  NoCaptcha: Opt(Str(4000)),
  recaptchaForClientSiteKey: Opt(Str(4000)),
});
const ClientMetaData = Type.Record(Type.String(), Type.Unknown());

export const RegisterRequest = Type.Object({
  loginId: Opt(LoginId),
  password: Opt(Type.String({ maxLength: 1000 })),
  profile: Opt(IdentityProfile),
  captchaTokens: Opt(Type.Array(CaptchaToken, { maxItems: 5 })),
  clientMetaData: Opt(ClientMetaData),
});
export type RegisterRequest = Static<typeof RegisterRequest>;

export const LoginRequest = Type.Object({
  loginId: Opt(Type.Unknown()),
  password: Opt(Type.Unknown()),
  captchaTokens: Opt(Type.Unknown()),
  clientMetaData: Opt(Type.Unknown()),
  stateToken: Opt(Type.Unknown()),
});
export type LoginRequest = Static<typeof LoginRequest>;

export const ChangePasswordRequest = Type.Object({ newPassword: Type.String({ maxLength: 1000 }) });

export const SignOnRequest = Type.Object({
  loginId: LoginId,
  profile: Opt(IdentityProfile),
  verifyEmail: Opt(Type.Boolean()),
  mergeExistingContact: Opt(Type.Boolean()),
});
export type SignOnRequest = Static<typeof SignOnRequest>;

export const ValidateEmailRequest = Type.Object({ email: Type.String({ maxLength: 1000 }) });

export const LogoutQuery = Type.Object({
  postLogoutRedirectUri: Opt(Str(2000)),
  clientId: Opt(Str(200)),
});

const Code = Type.Object({ code: Opt(Str(20)) });
export const FactorVerifyRequest = Type.Object({
  stateToken: Opt(Str(200)),
  factorType: Opt(Str(20)),
  rememberThisDevice: Opt(Type.Boolean()),
  smsData: Opt(Code),
  callData: Opt(Code),
  emailData: Opt(Code),
  totpData: Opt(Code),
  pushData: Opt(Type.Object({ transactionId: Opt(Str(200)) })),
});
export type FactorVerifyRequest = Static<typeof FactorVerifyRequest>;

const Redirect = Type.Object({ url: Opt(Str(2000)), clientId: Opt(Str(200)) });
export const SendRecoveryEmailRequest = Type.Object({
  email: Type.String({ maxLength: 1000 }),
  language: Opt(Str(20)),
  redirect: Opt(Redirect),
});
export type SendRecoveryEmailRequest = Static<typeof SendRecoveryEmailRequest>;

export const ActivationEmailRequest = Type.Object({
  identityId: Type.String({ maxLength: 64 }),
  emailOptions: Opt(Type.Object({ language: Opt(Str(20)), redirect: Opt(Redirect) })),
});
export type ActivationEmailRequest = Static<typeof ActivationEmailRequest>;

export const RecoverRequest = Type.Object({
  recoveryToken: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 1000 }),
});

export const VerificationStartRequest = Type.Object({
  identityId: Type.String({ maxLength: 64 }),
  target: Opt(Type.Literal('EMAIL')),
});

export const AuthVerifyRequest = Type.Object({ code: Str(20), stateToken: Str(200) });
export const AuthResendRequest = Type.Object({ stateToken: Str(200) });

export const MemberIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const ListMembersQuery = Type.Object({
  status: Opt(
    Type.Union([
      Type.Literal('PENDING'),
      Type.Literal('ACTIVE'),
      Type.Literal('DELETED'),
      Type.Literal('BLOCKED'),
      Type.Literal('OFFLINE'),
    ]),
  ),
  search: Opt(Str(254)),
  limit: Opt(Type.Integer({ minimum: 1, maximum: 100 })),
  offset: Opt(Type.Integer({ minimum: 0 })),
});
export type ListMembersQuery = Static<typeof ListMembersQuery>;

export const UpdateProfileRequest = Type.Object({ profile: IdentityProfile });

export const PoliciesPatch = Type.Object({
  requireEmailVerification: Opt(Type.Boolean()),
  requireOwnerApproval: Opt(Type.Boolean()),
  captcha: Opt(
    Type.Union([
      Type.Literal('OFF'),
      Type.Literal('AUTO'),
      Type.Literal('INVISIBLE'),
      Type.Literal('VISIBLE'),
    ]),
  ),
});
export type PoliciesPatch = Static<typeof PoliciesPatch>;
