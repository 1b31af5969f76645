import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { rows } from '../../platform/db.ts';
import { fromCents, toCents } from '../../platform/money.ts';
import type { Member } from '../../modules/identity/members.ts';

/** Money spent in one currency (a decimal string). */
export interface Spent {
  amount: string;
  currency: string;
}

export interface CustomerStats {
  orderCount: number;
  /** Per currency the store has sold in (usually one). */
  totalSpent: Spent[];
}

/**
 * A customer's orders: those placed signed in as the member, and guest orders with the member's e-mail.
 * Counted: orders that were placed and stand (APPROVED: not cancelled, not rejected, not still initialising).
 */
const ownOrders = (ids: string[], emails: string[]) =>
  sql`(member_id = any(${`{${ids.join(',')}}`}::uuid[]) or lower(buyer_email) = any(${`{${emails.map((e) => `"${e.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]))`;

/** Order count and total spent of each member given, in one statement (indexed by member and e-mail). */
export async function customerStats(db: Db, list: Member[]): Promise<Map<string, CustomerStats>> {
  const out = new Map<string, CustomerStats>(list.map((m) => [m.id, { orderCount: 0, totalSpent: [] }]));
  if (list.length === 0) return out;
  const byEmail = new Map(list.map((m) => [m.emailKey, m.id]));
  const found = await rows<{
    member_id: string | null;
    email: string | null;
    currency: string;
    n: string;
    total: string;
  }>(
    db,
    sql`select member_id, lower(buyer_email) as email, currency, count(*)::text as n, round(sum(total), 2)::text as total
        from orders
        where ${ownOrders(
          list.map((m) => m.id),
          list.map((m) => m.emailKey),
        )} and status = 'APPROVED'
        group by member_id, lower(buyer_email), currency`,
  );
  for (const row of found) {
    const id = row.member_id && out.has(row.member_id) ? row.member_id : byEmail.get(row.email ?? '');
    const stats = id ? out.get(id) : undefined;
    if (!stats) continue;
    stats.orderCount += Number(row.n);
    const spent = stats.totalSpent.find((s) => s.currency === row.currency);
    if (spent) spent.amount = fromCents(toCents(spent.amount) + toCents(row.total));
    else stats.totalSpent.push({ amount: row.total, currency: row.currency });
  }
  return out;
}

export interface CustomerOrder {
  id: string;
  number: string;
  createdDate: string;
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
  total: Spent;
}

/** The customer's latest orders (any status), newest first. */
export async function customerOrders(db: Db, member: Member, limit = 20): Promise<CustomerOrder[]> {
  const found = await rows<{
    id: string;
    number: string;
    created_date: string | Date;
    status: string;
    payment_status: string;
    fulfillment_status: string;
    total: string;
    currency: string;
  }>(
    db,
    sql`select id, number::text as number, created_date, status, payment_status, fulfillment_status, round(total, 2)::text as total, currency
        from orders where ${ownOrders([member.id], [member.emailKey])}
        order by created_date desc, id desc limit ${limit}`,
  );
  return found.map((r) => ({
    id: r.id,
    number: r.number,
    createdDate: new Date(r.created_date).toISOString(),
    status: r.status,
    paymentStatus: r.payment_status,
    fulfillmentStatus: r.fulfillment_status,
    total: { amount: r.total, currency: r.currency },
  }));
}
