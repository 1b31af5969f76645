import { randomBytes } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq, sql } from 'drizzle-orm';
import { hashSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { spendLive } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { type Member, requireMember } from './members.ts';
import { memberFactors, memberPasskeys, passkeyChallenges } from './tables.ts';
import { type Binding, createToken, findMemberToken, spendMemberTokens } from './tokens.ts';

/**
 * Passkeys (WebAuthn, the WEBAUTHN factor) through `@simplewebauthn/server`: enrolment by a signed-in member,
 * a second factor after the password, and passwordless sign-in with a discoverable credential. The relying
 * party is the store: its id is the host name of `PUBLIC_URL`, and the origins a ceremony may come from are
 * `PUBLIC_URL` and `CORS_ORIGINS` (on that host or below it).
 */

type Passkey = typeof memberPasskeys.$inferSelect;

/**
 * `@simplewebauthn/server`, loaded at the first passkey ceremony: with its certificate and ASN.1 libraries it
 * is about a seventh of the code a start would otherwise load (docs/BENCHMARKS.md, "Start and memory").
 */
const webauthn = () => import('@simplewebauthn/server');
export type { AuthenticationResponseJSON, RegistrationResponseJSON };

/** Lifetime of a passwordless sign-in challenge. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;
const FAILED = 'VERIFICATION_FAILED';

export function relyingParty(ctx: AppContext): { id: string; name: string; origins: string[] } {
  const store = new URL(ctx.config.publicUrl);
  const id = store.hostname;
  const origins = [store.origin];
  for (const raw of ctx.config.corsOrigins) {
    try {
      const url = new URL(raw);
      if ((url.hostname === id || url.hostname.endsWith(`.${id}`)) && !origins.includes(url.origin))
        origins.push(url.origin);
    } catch {
      // Not a URL: never an origin of a ceremony.
    }
  }
  return { id, name: id, origins };
}

export const newChallenge = () => randomBytes(32).toString('base64url');

export interface PasskeyListing {
  id: string;
  name: string;
  deviceType?: string;
  backedUp: boolean;
  createdDate: string;
  lastUsedDate?: string;
}

const listing = (row: Passkey): PasskeyListing => ({
  id: row.id,
  name: row.name,
  ...(row.deviceType ? { deviceType: row.deviceType } : {}),
  backedUp: row.backedUp,
  createdDate: row.createdDate.toISOString(),
  ...(row.lastUsedDate ? { lastUsedDate: row.lastUsedDate.toISOString() } : {}),
});

const passkeysOf = (ctx: AppContext, memberId: string) =>
  ctx.db
    .select()
    .from(memberPasskeys)
    .where(eq(memberPasskeys.memberId, memberId))
    .orderBy(memberPasskeys.createdDate);

export async function listPasskeys(ctx: AppContext, memberId: string): Promise<PasskeyListing[]> {
  await requireMember(ctx.db, memberId);
  return (await passkeysOf(ctx, memberId)).map(listing);
}

/** Enrolment, step 1: the options for `navigator.credentials.create` (the challenge lives 15 minutes). */
export async function startPasskeyEnrolment(
  ctx: AppContext,
  memberId: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const member = await requireMember(ctx.db, memberId);
  const rp = relyingParty(ctx);
  const existing = await passkeysOf(ctx, member.id);
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.email,
    userID: new TextEncoder().encode(member.id),
    userDisplayName:
      [member.profile.firstName, member.profile.lastName].filter(Boolean).join(' ') || member.email,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await spendMemberTokens(ctx, member.id, ['enrolment'], 'WEBAUTHN');
  await createToken(ctx, ctx.db, 'enrolment', member.id, { factorType: 'WEBAUTHN', code: options.challenge });
  return options;
}

/** Enrolment, step 2: the browser's answer; the passkey is stored and the WEBAUTHN factor is on. */
export async function finishPasskeyEnrolment(
  ctx: AppContext,
  memberId: string,
  response: RegistrationResponseJSON,
  name: string | undefined,
): Promise<PasskeyListing> {
  const member = await requireMember(ctx.db, memberId);
  const token = await findMemberToken(ctx, 'enrolment', member.id, 'WEBAUTHN');
  if (!token?.codeHash) throw badRequest(FAILED, 'No passkey set-up is pending; start again');
  const rp = relyingParty(ctx);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await (await webauthn()).verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => hashSecret(challenge) === token.codeHash,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    throw badRequest(FAILED, `The passkey could not be checked: ${(error as Error).message}`);
  }
  if (!verified.verified || !verified.registrationInfo)
    throw badRequest(FAILED, 'The passkey was not accepted');
  await spendMemberTokens(ctx, member.id, ['enrolment'], 'WEBAUTHN');
  const info = verified.registrationInfo;
  const now = ctx.clock();
  const row = await ctx.events.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(memberPasskeys)
      .values({
        memberId: member.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ?? response.response.transports ?? [],
        name: name?.trim() || 'Passkey',
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        createdDate: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw badRequest(FAILED, 'This passkey is registered already');
    await tx
      .insert(memberFactors)
      .values({ memberId: member.id, type: 'WEBAUTHN', status: 'ACTIVE', createdDate: now })
      .onConflictDoUpdate({
        target: [memberFactors.memberId, memberFactors.type],
        set: { status: 'ACTIVE' },
      });
    return inserted;
  });
  return listing(row);
}

/** Removes one passkey; the WEBAUTHN factor goes with the last one. */
export async function removePasskey(
  ctx: AppContext,
  memberId: string,
  passkeyId: string,
): Promise<PasskeyListing[]> {
  await requireMember(ctx.db, memberId);
  const removed = await ctx.db
    .delete(memberPasskeys)
    .where(and(eq(memberPasskeys.id, passkeyId), eq(memberPasskeys.memberId, memberId)))
    .returning({ id: memberPasskeys.id });
  if (removed.length === 0) throw notFound('PASSKEY_NOT_FOUND', `No passkey "${passkeyId}"`);
  const left = await passkeysOf(ctx, memberId);
  if (left.length === 0)
    await ctx.db
      .delete(memberFactors)
      .where(and(eq(memberFactors.memberId, memberId), eq(memberFactors.type, 'WEBAUTHN')));
  return left.map(listing);
}

/** Every passkey of the member (the WEBAUTHN factor removed). */
export async function removeAllPasskeys(ctx: AppContext, memberId: string): Promise<void> {
  await ctx.db.delete(memberPasskeys).where(eq(memberPasskeys.memberId, memberId));
}

/** Options for `navigator.credentials.get` with a given challenge: the member's passkeys, or any (discoverable). */
export async function assertionOptions(
  ctx: AppContext,
  challenge: string,
  memberId?: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingParty(ctx);
  const allow = memberId ? await passkeysOf(ctx, memberId) : [];
  return (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    // The browser signs the base64url form, which is `challenge` again.
    challenge: Buffer.from(challenge, 'base64url'),
    userVerification: 'required',
    ...(memberId
      ? { allowCredentials: allow.map((p) => ({ id: p.credentialId, transports: p.transports as never })) }
      : {}),
  });
}

/** Passwordless sign-in, step 1: options for any passkey of this store, and a challenge bound to the caller. */
export async function startPasskeySignIn(
  ctx: AppContext,
  binding: Binding,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const challenge = newChallenge();
  const now = ctx.clock();
  const options = await assertionOptions(ctx, challenge);
  await ctx.db.insert(passkeyChallenges).values({
    challengeHash: hashSecret(options.challenge),
    visitorId: binding.visitorId ?? null,
    clientId: binding.clientId ?? null,
    createdDate: now,
    expiresDate: new Date(now.getTime() + PASSKEY_CHALLENGE_SECONDS * 1000),
  });
  return options;
}

/** The challenge the browser signed, read from its client data (undefined when unreadable). */
function signedChallenge(response: AuthenticationResponseJSON): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks an assertion against the stored passkey whose credential it names; `expected` says whether the signed
 * challenge is the one handed out. The counter only moves forward (a cloned authenticator is refused).
 */
export async function checkAssertion(
  ctx: AppContext,
  response: AuthenticationResponseJSON,
  expected: (challenge: string) => boolean | Promise<boolean>,
  memberId?: string,
): Promise<Member | undefined> {
  const [passkey] = await ctx.db
    .select()
    .from(memberPasskeys)
    .where(eq(memberPasskeys.credentialId, response.id))
    .limit(1);
  if (!passkey || (memberId && passkey.memberId !== memberId)) return undefined;
  const rp = relyingParty(ctx);
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await (await webauthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: expected,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
      requireUserVerification: true,
    });
  } catch {
    return undefined;
  }
  if (!result.verified) return undefined;
  const [moved] = await ctx.db
    .update(memberPasskeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedDate: ctx.clock() })
    .where(
      and(
        eq(memberPasskeys.id, passkey.id),
        // Counters of 0 (authenticators that do not count) stay 0; any other must grow.
        sql`(${memberPasskeys.counter} = 0 and ${result.authenticationInfo.newCounter} = 0) or ${memberPasskeys.counter} < ${result.authenticationInfo.newCounter}`,
      ),
    )
    .returning({ id: memberPasskeys.id });
  if (!moved) return undefined;
  return requireMember(ctx.db, passkey.memberId);
}

/** Passwordless sign-in, step 2: the member whose passkey signed a live challenge of this store. */
export async function finishPasskeySignIn(
  ctx: AppContext,
  response: AuthenticationResponseJSON,
): Promise<{ member: Member; binding: Binding }> {
  const challenge = signedChallenge(response);
  if (!challenge) throw badRequest(FAILED, 'The passkey answer carries no challenge');
  const now = ctx.clock();
  // Spent before the check: a challenge is tried once.
  const row = await spendLive(
    ctx.db,
    passkeyChallenges,
    now,
    eq(passkeyChallenges.challengeHash, hashSecret(challenge)),
  );
  if (!row) throw badRequest(FAILED, 'The passkey challenge is unknown, used or expired; try again');
  const member = await checkAssertion(ctx, response, (c) => c === challenge);
  if (!member) throw badRequest(FAILED, 'The passkey was not accepted');
  return { member, binding: { visitorId: row.visitorId ?? undefined, clientId: row.clientId ?? undefined } };
}
