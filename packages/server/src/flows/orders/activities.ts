import { eq } from 'drizzle-orm';
import type { OrderParts } from '../../modules/orders/parts.ts';
import { orderActivities } from '../../modules/orders/tables.ts';
import type { ActivityRow, WireOrder } from '../../modules/orders/wire.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, invalid, notFound } from '../../platform/errors.ts';
import { changeOrder, type NewActivity } from './store.ts';
import type { Json } from './json.ts';

/** Merchant activities: comments and custom activities are added, edited and deleted; the rest is history. */

export const EDITABLE_ACTIVITIES = new Set(['MERCHANT_COMMENT', 'CUSTOM_ACTIVITY']);

export interface ActivityInput {
  customActivity?: {
    appId?: string | undefined;
    type: string;
    additionalData?: Record<string, string> | undefined;
  };
  merchantComment?: { message: string };
  authorEmail?: string | undefined;
  createdDate?: string | undefined;
}

/** The one detail object of an activity input: exactly one of `customActivity`, `merchantComment`. */
function activityOf(input: ActivityInput, field: string, now: Date): NewActivity {
  const given = [input.customActivity, input.merchantComment].filter(Boolean).length;
  if (given !== 1)
    throw invalid(field, 'must have exactly one of customActivity, merchantComment', 'REQUIRED_ONE_OF_FIELD');
  let createdDate: Date | undefined;
  if (input.createdDate) {
    createdDate = new Date(input.createdDate);
    if (createdDate.getTime() > now.getTime())
      throw invalid(`${field}.createdDate`, 'must not be in the future', 'VALIDATION');
  }
  const details: Json = input.merchantComment
    ? { merchantComment: { message: input.merchantComment.message } }
    : { customActivity: { ...input.customActivity } };
  return {
    type: input.merchantComment ? 'MERCHANT_COMMENT' : 'CUSTOM_ACTIVITY',
    details,
    authorEmail: input.authorEmail,
    ...(createdDate ? { createdDate } : {}),
  };
}

export async function addActivities(
  ctx: AppContext,
  id: string,
  inputs: ActivityInput[],
  field: string,
): Promise<{ order: WireOrder; activityIds: string[] }> {
  const now = ctx.clock();
  const list = inputs.map((input, i) => activityOf(input, inputs.length > 1 ? `${field}[${i}]` : field, now));
  const { order, activityIds } = await changeOrder(ctx, id, async () => ({ change: { activities: list } }));
  return { order, activityIds };
}

const activityNotFound = (activityId: string) =>
  notFound('ACTIVITY_NOT_FOUND', `The order has no activity ${activityId}`, { activityId });

function editableActivity(parts: OrderParts, activityId: string): ActivityRow {
  const row = parts.activities.find((a) => a.id === activityId.toLowerCase());
  if (!row) throw activityNotFound(activityId);
  if (!EDITABLE_ACTIVITIES.has(row.type))
    throw new AppError(
      400,
      'ACTIVITY_NOT_EDITABLE',
      `A ${row.type} activity cannot be changed: only MERCHANT_COMMENT and CUSTOM_ACTIVITY are editable`,
      { activityId, type: row.type },
    );
  return row;
}

export async function updateActivity(
  ctx: AppContext,
  id: string,
  activityId: string,
  input: ActivityInput,
): Promise<WireOrder> {
  const next = activityOf(input, 'activity', ctx.clock());
  const { order } = await changeOrder(ctx, id, async (tx, parts) => {
    const row = editableActivity(parts, activityId);
    if (row.type !== next.type)
      throw invalid(
        'activity',
        `a ${row.type} stays a ${row.type}: send ${row.type === 'MERCHANT_COMMENT' ? 'merchantComment' : 'customActivity'}`,
        'ONE_OF_ALIGNMENT',
      );
    await tx
      .update(orderActivities)
      .set({
        details: next.details ?? {},
        ...(next.authorEmail ? { authorEmail: next.authorEmail } : {}),
        ...(next.createdDate ? { createdDate: next.createdDate } : {}),
      })
      .where(eq(orderActivities.id, activityId));
    return { change: {} };
  });
  return order;
}

export async function deleteActivity(ctx: AppContext, id: string, activityId: string): Promise<WireOrder> {
  const { order } = await changeOrder(ctx, id, async (tx, parts) => {
    editableActivity(parts, activityId);
    await tx.delete(orderActivities).where(eq(orderActivities.id, activityId));
    return { change: {} };
  });
  return order;
}
