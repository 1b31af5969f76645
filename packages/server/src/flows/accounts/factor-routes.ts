import { Type } from '@sinclair/typebox';
import {
  activatePhoneFactor,
  type PhoneEnrolment,
  resendEnrolmentCode,
  startPhoneEnrolment,
} from '../../modules/identity/factors.ts';
import { identityOf, requireMember } from '../../modules/identity/members.ts';
import { callerMemberId } from '../../modules/identity/routes.ts';
import type { PhoneFactorType } from '../../modules/identity/tables.ts';
import type { App } from '../../platform/app.ts';
import type { AppContext } from '../../platform/context.ts';
import { member, routeOptions, underPrefixes } from '../../platform/routing.ts';
import { sendPhoneCode } from './mails.ts';

const route = routeOptions(['members']);
const PhoneBody = Type.Object({ phone: Type.String({ maxLength: 40 }) });
const CodeBody = Type.Object({ code: Type.String({ maxLength: 20 }) });

/** Send the enrolment's code to its phone, then answer without the code or the full number. */
async function sent(ctx: AppContext, enrolment: PhoneEnrolment) {
  await sendPhoneCode(ctx, enrolment.factorType, enrolment.phone, enrolment.code, 'enrolment');
  return {
    enrolment: {
      factorId: enrolment.factorId,
      factorType: enrolment.factorType,
      hint: enrolment.hint,
      resendAfterSeconds: enrolment.resendAfterSeconds,
    },
  };
}

/**
 * Phone factors of the signed-in member: `POST /members/me/factors/{sms|call}` with `{phone}` sends a code to
 * the number (by text message or voice call), `…/activate` with `{code}` turns the factor on, `…/resend` sends
 * a new code. Removal is `DELETE /members/me/factors/{SMS|CALL}` (members module). They live here because
 * sending spans the identity and mail modules.
 */
export async function phoneFactorRoutes(app: App, ctx: AppContext): Promise<void> {
  await underPrefixes(app, ['/members/v1', '/_api/members/v1'], (r) => {
    for (const [path, type] of [
      ['sms', 'SMS'],
      ['call', 'CALL'],
    ] as const satisfies ReadonlyArray<readonly [string, PhoneFactorType]>) {
      const how = type === 'SMS' ? 'by text message' : 'by voice call';
      r.post(
        `/members/me/factors/${path}`,
        route(member, `Start ${type} enrolment: a code ${how} to the phone`, { body: PhoneBody }),
        async (request) =>
          sent(ctx, await startPhoneEnrolment(ctx, callerMemberId(request.caller), type, request.body.phone)),
      );
      r.post(
        `/members/me/factors/${path}/resend`,
        route(member, `A new ${type} enrolment code (30 s apart, 5 at most)`),
        async (request) => sent(ctx, await resendEnrolmentCode(ctx, callerMemberId(request.caller), type)),
      );
      r.post(
        `/members/me/factors/${path}/activate`,
        route(member, `Confirm ${type} enrolment with the code sent ${how}`, { body: CodeBody }),
        async (request) => {
          const id = callerMemberId(request.caller);
          await activatePhoneFactor(ctx, id, type, request.body.code);
          return { member: await identityOf(ctx.db, await requireMember(ctx.db, id)) };
        },
      );
    }
  });
}
