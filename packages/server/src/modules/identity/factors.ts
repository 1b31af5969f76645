import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { factorOf, factorsOf, type Member, requireMember } from './members.ts';
import { removeAllPasskeys } from './passkeys.ts';
import { maskEmail, maskPhone, requirePhone } from './phones.ts';
import { memberFactors, type PhoneFactorType, type SecondFactorType } from './tables.ts';
import { sendThrottled } from './throttle.ts';
import {
  checkCode,
  codeMatches,
  createToken,
  findMemberToken,
  MAX_SENDS,
  memberTokensSince,
  newCode,
  RESEND_PAUSE_SECONDS,
  renewCode,
  resendWait,
  spendMemberTokens,
} from './tokens.ts';

type Factor = typeof memberFactors.$inferSelect;

/** Which factor a sign-in asks for first when a member has several: the strongest that needs no wait. */
export const FACTOR_PREFERENCE: SecondFactorType[] = ['WEBAUTHN', 'TOTP', 'SMS', 'CALL', 'EMAIL'];

export const isPhoneFactor = (type: string): type is PhoneFactorType => type === 'SMS' || type === 'CALL';

/** A factor a sign-in step can use, with what the page may show of it. */
export interface FactorChoice {
  factorType: SecondFactorType;
  /** Masked phone number (SMS, CALL) or e-mail address (EMAIL); empty for TOTP and WEBAUTHN. */
  hint: string;
  /** Where the code goes (SMS, CALL): never sent to clients. */
  phone?: string;
}

function choiceOf(member: Member, factor: Factor): FactorChoice | undefined {
  if (isPhoneFactor(factor.type)) {
    if (!factor.phone) return undefined;
    return { factorType: factor.type, hint: maskPhone(factor.phone), phone: factor.phone };
  }
  return { factorType: factor.type, hint: factor.type === 'EMAIL' ? maskEmail(member.email) : '' };
}

/** The member's active second factors in order of preference (empty: the password is enough). */
export async function activeFactorChoices(ctx: AppContext, member: Member): Promise<FactorChoice[]> {
  const rows = await ctx.db
    .select()
    .from(memberFactors)
    .where(and(eq(memberFactors.memberId, member.id), eq(memberFactors.status, 'ACTIVE')));
  return rows
    .map((row) => choiceOf(member, row))
    .filter((choice): choice is FactorChoice => choice !== undefined)
    .sort((a, b) => FACTOR_PREFERENCE.indexOf(a.factorType) - FACTOR_PREFERENCE.indexOf(b.factorType));
}

/** `GET /members/me/factors`: one entry per factor, with the masked phone or address. */
export interface FactorListing {
  factorId: string;
  type: 'PASSWORD' | SecondFactorType;
  status: Factor['status'];
  /** Masked phone (SMS, CALL) or e-mail address (EMAIL). */
  hint?: string;
  createdDate?: string;
}

export async function listFactors(ctx: AppContext, memberId: string): Promise<FactorListing[]> {
  const member = await requireMember(ctx.db, memberId);
  const list: FactorListing[] = [];
  if (member.passwordHash)
    list.push({ factorId: `${member.id}:password`, type: 'PASSWORD', status: 'ACTIVE' });
  for (const row of await factorsOf(ctx.db, member.id)) {
    const hint = isPhoneFactor(row.type)
      ? row.phone
        ? maskPhone(row.phone)
        : undefined
      : row.type === 'EMAIL'
        ? maskEmail(member.email)
        : undefined;
    list.push({
      factorId: row.id,
      type: row.type,
      status: row.status,
      ...(hint ? { hint } : {}),
      createdDate: row.createdDate.toISOString(),
    });
  }
  return list;
}

/** Turn on e-mailed sign-in codes (the address must be verified first). */
export async function enableEmailFactor(ctx: AppContext, memberId: string): Promise<Member> {
  const member = await requireMember(ctx.db, memberId);
  if (!member.emailVerified) throw badRequest('EMAIL_NOT_VERIFIED', 'Verify the e-mail address first');
  await ctx.db
    .insert(memberFactors)
    .values({ memberId, type: 'EMAIL', status: 'ACTIVE', createdDate: ctx.clock() })
    .onConflictDoUpdate({ target: [memberFactors.memberId, memberFactors.type], set: { status: 'ACTIVE' } });
  return member;
}

export async function removeFactor(
  ctx: AppContext,
  memberId: string,
  type: SecondFactorType,
): Promise<Member> {
  const member = await requireMember(ctx.db, memberId);
  await ctx.db
    .delete(memberFactors)
    .where(and(eq(memberFactors.memberId, memberId), eq(memberFactors.type, type)));
  if (isPhoneFactor(type)) await spendMemberTokens(ctx, memberId, ['enrolment'], type);
  if (type === 'WEBAUTHN') await removeAllPasskeys(ctx, memberId);
  return member;
}

/** Enrolments a member may start per factor type in an hour (each sends a code to a number they typed). */
export const MAX_ENROLMENTS_PER_HOUR = MAX_SENDS;

/** A phone factor waiting for its confirmation code; the code travels to the caller, who sends it. */
export interface PhoneEnrolment {
  factorId: string;
  factorType: PhoneFactorType;
  phone: string;
  /** The masked number, for the page. */
  hint: string;
  code: string;
  /** Seconds before another code can be asked for. */
  resendAfterSeconds: number;
}

/**
 * Start (or restart) enrolling a phone for SMS or CALL codes: the factor is stored inactive with the number,
 * and a code is due to it. Starting again spends the previous code. Sends are throttled per member and type:
 * one per 30 seconds, five enrolments an hour.
 */
export async function startPhoneEnrolment(
  ctx: AppContext,
  memberId: string,
  type: PhoneFactorType,
  rawPhone: unknown,
): Promise<PhoneEnrolment> {
  const phone = requirePhone(rawPhone);
  const member = await requireMember(ctx.db, memberId);
  const existing = await factorOf(ctx.db, member.id, type);
  if (existing?.status === 'ACTIVE')
    throw conflict('FACTOR_EXISTS', `${type} codes are already on; remove them first`);
  const now = ctx.clock();
  const recent = (
    await memberTokensSince(ctx, 'enrolment', member.id, new Date(now.getTime() - 3600 * 1000))
  ).filter((row) => row.factorType === type);
  const lastSent = recent.reduce<number>((last, row) => Math.max(last, row.lastSentDate?.getTime() ?? 0), 0);
  const pause = Math.ceil((lastSent + RESEND_PAUSE_SECONDS * 1000 - now.getTime()) / 1000);
  if (pause > 0) throw sendThrottled(pause);
  if (recent.length >= MAX_ENROLMENTS_PER_HOUR) {
    const oldest = Math.min(...recent.map((row) => row.createdDate.getTime()));
    throw sendThrottled(Math.max(1, Math.ceil((oldest + 3600 * 1000 - now.getTime()) / 1000)));
  }
  const [row] = await ctx.db
    .insert(memberFactors)
    .values({ memberId: member.id, type, status: 'INACTIVE', phone, createdDate: now })
    .onConflictDoUpdate({
      target: [memberFactors.memberId, memberFactors.type],
      set: { phone, status: 'INACTIVE', secret: null, lastUsedStep: null, createdDate: now },
    })
    .returning({ id: memberFactors.id });
  await spendMemberTokens(ctx, member.id, ['enrolment'], type);
  const code = newCode();
  await createToken(ctx, ctx.db, 'enrolment', member.id, { factorType: type, code });
  return {
    factorId: row!.id,
    factorType: type,
    phone,
    hint: maskPhone(phone),
    code,
    resendAfterSeconds: RESEND_PAUSE_SECONDS,
  };
}

async function pendingPhone(ctx: AppContext, memberId: string, type: PhoneFactorType) {
  const factor = await factorOf(ctx.db, memberId, type, 'INACTIVE');
  const token = factor?.phone ? await findMemberToken(ctx, 'enrolment', memberId, type) : undefined;
  if (!factor?.phone || !token)
    throw badRequest('VERIFICATION_FAILED', 'No code is pending for this phone; start the set-up again');
  return { factor, phone: factor.phone, token };
}

/** A new confirmation code for a pending phone enrolment (429 while the pause runs or after five). */
export async function resendEnrolmentCode(
  ctx: AppContext,
  memberId: string,
  type: PhoneFactorType,
): Promise<PhoneEnrolment> {
  await requireMember(ctx.db, memberId);
  const { factor, phone, token } = await pendingPhone(ctx, memberId, type);
  const wait = resendWait(ctx, token);
  const code = wait > 0 ? undefined : await renewCode(ctx, token);
  if (!code) throw sendThrottled(wait > 0 ? wait : RESEND_PAUSE_SECONDS);
  return {
    factorId: factor.id,
    factorType: type,
    phone,
    hint: maskPhone(phone),
    code,
    resendAfterSeconds: RESEND_PAUSE_SECONDS,
  };
}

/** Confirm a phone with the code sent to it; five wrong codes burn it (ask for a new one). */
export async function activatePhoneFactor(
  ctx: AppContext,
  memberId: string,
  type: PhoneFactorType,
  code: string,
): Promise<Member> {
  const member = await requireMember(ctx.db, memberId);
  // The factor is read before the token: a restart in between leaves the token of another number.
  const { factor, phone, token } = await pendingPhone(ctx, memberId, type);
  const result = await checkCode(ctx, token, () => codeMatches(token, code));
  if (result === 'exhausted')
    throw badRequest('VERIFICATION_FAILED', 'Too many wrong codes; ask for a new code');
  if (result === 'wrong') throw badRequest('VERIFICATION_FAILED', 'The code is not correct');
  const [activated] = await ctx.db
    .update(memberFactors)
    .set({ status: 'ACTIVE' })
    .where(
      and(
        eq(memberFactors.id, factor.id),
        eq(memberFactors.status, 'INACTIVE'),
        // A restart with another number since the factor was read: that number is not confirmed.
        eq(memberFactors.phone, phone),
      ),
    )
    .returning({ id: memberFactors.id });
  if (!activated)
    throw badRequest('VERIFICATION_FAILED', 'No code is pending for this phone; start the set-up again');
  return member;
}
