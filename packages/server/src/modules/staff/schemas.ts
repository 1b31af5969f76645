import { Type } from '@sinclair/typebox';
import { literals } from '../../platform/schema.ts';
import { ROLES } from '../../platform/permissions.ts';

const Opt = Type.Optional;
const Email = Type.String({ maxLength: 254 });
/** Long enough for any password the rules allow; the rules themselves are checked by `checkPassword`. */
const Password = Type.String({ maxLength: 1000 });
const Name = Type.String({ maxLength: 200 });
const Token = Type.String({ minLength: 1, maxLength: 200 });
const Code = Type.String({ maxLength: 20 });
export const Role = literals(ROLES);

export const SetupRequest = Type.Object({
  setupCode: Token,
  email: Email,
  name: Opt(Name),
  password: Password,
});
export const SignInRequest = Type.Object({ email: Email, password: Password });
export const TotpStepRequest = Type.Object({ challengeToken: Token, code: Code });
export const InviteTokenRequest = Type.Object({ token: Token });
export const AcceptInviteRequest = Type.Object({ token: Token, password: Password, name: Opt(Name) });
export const ChangePasswordRequest = Type.Object({ currentPassword: Password, newPassword: Password });
export const CodeRequest = Type.Object({ code: Code });
export const PasswordRequest = Type.Object({ password: Password });

export const InviteRequest = Type.Object({ email: Email, name: Opt(Name), role: Role });
export const UpdateStaffRequest = Type.Object({ role: Opt(Role), name: Opt(Name) });
export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const CreateApiKeyRequest = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  role: Role,
});

export const AuditQuery = Type.Object({
  limit: Opt(Type.Integer({ minimum: 1, maximum: 100 })),
  cursor: Opt(Type.String({ maxLength: 20 })),
  entity: Opt(Type.String({ maxLength: 100 })),
  entityId: Opt(Type.String({ maxLength: 200 })),
  actorId: Opt(Type.String({ maxLength: 100 })),
});
