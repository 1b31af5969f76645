import { applyTransform } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import { type Identity, toIdentity } from './identity-types.ts';
import type { SiteMember } from './site-members.ts';

/** The merchant's customers (members with their orders) and the sign-up policies (admin). */
export const CUSTOMERS_PATH = '/aisle/v1/customers';
export const MEMBERS_ADMIN_PATH = '/members/v1/members';
export const POLICIES_PATH = '/members/v1/policies';

export type MemberStatusName = 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE';

export interface Money {
  /** Decimal string, e.g. `"63.00"`. */
  amount: string;
  currency: string;
}

export interface Customer {
  member: Identity;
  /** Orders placed and standing (approved), signed in or as a guest with the member's e-mail. */
  orderCount: number;
  /** Their totals, per currency. */
  totalSpent: Money[];
}

export interface CustomerOrder {
  id: string;
  number: string;
  createdDate: Date;
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
  total: Money;
}

export interface CustomerProfile extends Customer {
  lastLoginDate?: Date;
  /** The latest twenty orders, any status, newest first. */
  orders: CustomerOrder[];
}

export interface CustomerQuery {
  /** E-mail or name. */
  search?: string;
  status?: MemberStatusName;
  /** 1–100, default 50. */
  limit?: number;
  offset?: number;
}

export interface CustomerPage {
  customers: Customer[];
  metadata: { count: number; offset: number; total: number };
}

export interface SignUpPolicies {
  requireEmailVerification: boolean;
  requireOwnerApproval: boolean;
  captcha: 'OFF' | 'AUTO' | 'INVISIBLE' | 'VISIBLE';
}

const customer = (raw: { member: unknown }) => ({ ...(raw as object), member: toIdentity(raw.member) });

export const customers = (http: Http) => ({
  listCustomers: (query: CustomerQuery = {}): Promise<CustomerPage> =>
    http
      .request<{ customers: Array<{ member: unknown }>; metadata: CustomerPage['metadata'] }>({
        method: 'GET',
        path: CUSTOMERS_PATH,
        data: query,
      })
      .then((r) => ({ customers: r.customers.map(customer) as Customer[], metadata: r.metadata })),
  getCustomer: (memberId: string): Promise<CustomerProfile> =>
    http
      .request<{ customer: { member: unknown } }>({
        method: 'GET',
        path: `${CUSTOMERS_PATH}/{id}`,
        data: { id: memberId },
      })
      .then(
        (r) =>
          applyTransform(customer(r.customer), {
            dates: ['lastLoginDate', 'orders.createdDate'],
          }) as CustomerProfile,
      ),
  /** Members waiting for the owner's approval (owner-approval policy) become active. */
  /** The answers are the member in the reference shape (`siteMembers`), FULL. */
  approveMember: (memberId: string): Promise<SiteMember> => memberAction(http, memberId, 'approve'),
  blockMember: (memberId: string): Promise<SiteMember> => memberAction(http, memberId, 'block'),
  unblockMember: (memberId: string): Promise<SiteMember> => memberAction(http, memberId, 'unblock'),
  /** Deletes the member (their e-mail may register again); their orders stay. */
  deleteMember: (memberId: string): Promise<void> =>
    http
      .request({ method: 'DELETE', path: `${MEMBERS_ADMIN_PATH}/{id}`, data: { id: memberId } })
      .then(() => undefined),
  getPolicies: (): Promise<SignUpPolicies> =>
    http
      .request<{ policies: SignUpPolicies }>({ method: 'GET', path: POLICIES_PATH })
      .then((r) => r.policies),
  updatePolicies: (changes: Partial<SignUpPolicies>): Promise<SignUpPolicies> =>
    http
      .request<{ policies: SignUpPolicies }>({ method: 'PATCH', path: POLICIES_PATH, data: changes })
      .then((r) => r.policies),
});

const memberAction = (http: Http, id: string, action: 'approve' | 'block' | 'unblock') =>
  http
    .request<{ member: unknown }>({
      method: 'POST',
      path: `${MEMBERS_ADMIN_PATH}/{id}/${action}`,
      data: { id },
    })
    .then(
      (r) =>
        applyTransform(r.member, { dates: ['createdDate', 'updatedDate', 'lastLoginDate'] }) as SiteMember,
    );

export type CustomersModule = ReturnType<typeof customers>;
