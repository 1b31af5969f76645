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

const B64 = (max: number) => Type.String({ maxLength: max, pattern: '^[A-Za-z0-9_-]*={0,2}$' });
/** A WebAuthn credential answer in its JSON form (registration or assertion). */
export const PasskeyResponse = Type.Object({
  id: B64(1400),
  rawId: B64(1400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: B64(20000),
    attestationObject: Opt(B64(60000)),
    authenticatorData: Opt(B64(20000)),
    signature: Opt(B64(20000)),
    userHandle: Opt(B64(1000)),
    publicKey: Opt(B64(20000)),
    publicKeyAlgorithm: Opt(Type.Integer()),
    transports: Opt(Type.Array(Str(40), { maxItems: 10 })),
  }),
  authenticatorAttachment: Opt(Str(40)),
  clientExtensionResults: Type.Record(Type.String({ maxLength: 100 }), Type.Unknown()),
});
export const PasskeyEnrolRequest = Type.Object({ response: PasskeyResponse, name: Opt(Str(100)) });
export const PasskeyParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

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
  /** Aisle: the browser's passkey answer (`navigator.credentials.get`, JSON as `@simplewebauthn/browser` gives it). */
  webauthnData: Opt(Type.Object({ response: PasskeyResponse })),
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

// Members of wire/members.md.

const Fieldset = Type.Union([Type.Literal('PUBLIC'), Type.Literal('EXTENDED'), Type.Literal('FULL')]);
/** `fieldsets` (repeatable): PUBLIC when absent. */
export const Fieldsets = Opt(Type.Array(Fieldset, { maxItems: 3 }));
export const FieldsetsQuery = Type.Object({ fieldsets: Fieldsets });

const MemberImage = Type.Object({
  id: Opt(Str(200)),
  url: Opt(Str(2000)),
  height: Opt(Type.Integer({ minimum: 0, maximum: 100000 })),
  width: Opt(Type.Integer({ minimum: 0, maximum: 100000 })),
  offsetX: Opt(Type.Integer({ minimum: -100000, maximum: 100000 })),
  offsetY: Opt(Type.Integer({ minimum: -100000, maximum: 100000 })),
});

const ContactAddress = Type.Object({
  id: Opt(Str(64)),
  addressLine: Opt(Str()),
  addressLine2: Opt(Str()),
  streetAddress: Opt(Type.Object({ number: Opt(Str(40)), name: Opt(Str()) })),
  city: Opt(Str()),
  subdivision: Opt(Str(10)),
  country: Opt(Str(2)),
  postalCode: Opt(Str(40)),
});

export const MemberContact = Type.Object({
  firstName: Opt(Str(100)),
  lastName: Opt(Str(100)),
  phones: Opt(Type.Array(Str(40), { maxItems: 20 })),
  emails: Opt(Type.Array(Str(254), { maxItems: 20 })),
  addresses: Opt(Type.Array(ContactAddress, { maxItems: 50 })),
  birthdate: Opt(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })),
  company: Opt(Str()),
  jobTitle: Opt(Str()),
  customFields: Opt(
    Type.Record(
      Type.String({ maxLength: 100 }),
      Type.Object({ name: Opt(Str(100)), value: Opt(CustomValue) }),
      {
        maxProperties: 100,
      },
    ),
  ),
});

export const MemberProfileInput = Type.Object({
  nickname: Opt(Str(100)),
  slug: Opt(Str(100)),
  photo: Opt(MemberImage),
  cover: Opt(MemberImage),
  title: Opt(Str(200)),
});

export const PatchMemberRequest = Type.Object({
  member: Type.Object({ id: Opt(Str(64)), contact: Opt(MemberContact), profile: Opt(MemberProfileInput) }),
});
export type PatchMemberRequest = Static<typeof PatchMemberRequest>;

export const CreateMemberRequest = Type.Object({
  member: Type.Object({
    loginEmail: Opt(Str(254)),
    contact: Opt(MemberContact),
    profile: Opt(MemberProfileInput),
  }),
});

/**
 * `GET /members`: the wire's paging, sorting and fieldsets, plus Aisle's own `search`, `status`, `limit` and
 * `offset` (the admin's first list).
 */
export const ListMembersRequest = Type.Object({
  paging: Opt(
    Type.Object({
      limit: Opt(Type.Integer({ minimum: 1, maximum: 100 })),
      offset: Opt(Type.Integer({ minimum: 0 })),
    }),
  ),
  sorting: Opt(
    Type.Union([
      Type.Object({
        fieldName: Str(100),
        order: Opt(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
      }),
      Type.Array(
        Type.Object({
          fieldName: Str(100),
          order: Opt(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
        }),
        { maxItems: 5 },
      ),
    ]),
  ),
  fieldsets: Fieldsets,
  ...ListMembersQuery.properties,
});
export type ListMembersRequest = Static<typeof ListMembersRequest>;

export const QueryMembersRequest = Type.Object({
  query: Opt(Type.Unknown({ description: '{filter, sort, paging | cursorPaging}' })),
  fieldsets: Fieldsets,
});

export const SlugRequest = Type.Object({ slug: Type.String({ maxLength: 200 }) });
export const ContactListParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  list: Type.Union([Type.Literal('phones'), Type.Literal('emails'), Type.Literal('addresses')]),
});
export const BulkDeleteMembersRequest = Type.Object({
  memberIds: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 100 }),
});
export const MembersByFilterRequest = Type.Object({
  filter: Type.Unknown({ description: 'A wire filter over the members query fields' }),
});
