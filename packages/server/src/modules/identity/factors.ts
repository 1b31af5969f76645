import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { type Member, requireMember } from './members.ts';
import { memberFactors } from './tables.ts';

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
  type: 'EMAIL' | 'TOTP',
): Promise<Member> {
  const member = await requireMember(ctx.db, memberId);
  await ctx.db
    .delete(memberFactors)
    .where(and(eq(memberFactors.memberId, memberId), eq(memberFactors.type, type)));
  return member;
}
