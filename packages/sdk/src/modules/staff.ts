import { applyTransform } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import type { Cursors } from '../core/paging.ts';

/** Staff accounts, API keys and the audit log of the merchant admin (docs/ADMIN.md "Staff and roles"). */
export const STAFF_PATH = '/aisle/v1/staff';
export const API_KEYS_PATH = '/aisle/v1/api-keys';
export const AUDIT_LOG_PATH = '/aisle/v1/audit-log';

export type StaffRole = 'OWNER' | 'MANAGER' | 'FULFILMENT';
export type StaffStatus = 'INVITED' | 'ACTIVE' | 'REVOKED';

/** What a role may do; the server checks it on every admin call (403 `FORBIDDEN` otherwise). */
export type StaffPermission =
  | 'account.self'
  | 'catalogue.read'
  | 'catalogue.write'
  | 'inventory.write'
  | 'orders.read'
  | 'orders.fulfil'
  | 'orders.write'
  | 'orders.payments'
  | 'orders.refund'
  | 'customers.read'
  | 'customers.write'
  | 'coupons.read'
  | 'coupons.write'
  | 'settings.read'
  | 'settings.write'
  | 'mailbox.read'
  | 'staff.manage'
  | 'keys.manage'
  | 'audit.read';

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  totpEnabled: boolean;
  invitedBy?: string;
  createdDate: Date;
  updatedDate: Date;
  lastLoginDate?: Date;
}

/** A sign-in step: signed in (send `token` as the admin credential), or a TOTP code is wanted next. */
export type StaffSignIn =
  | { state: 'SIGNED_IN'; token: string; expiresDate: Date; staff: StaffMember }
  | { state: 'TOTP_REQUIRED'; challengeToken: string };

/** Who the credential is: a member of staff, or an API key (no account of its own). */
export interface StaffSession {
  role: StaffRole;
  permissions: StaffPermission[];
  staff?: StaffMember;
  apiKey?: { id: string; name: string };
}

export interface StaffTotpEnrolment {
  secret: string;
  otpauthUri: string;
  qrCodeDataUrl: string;
}

export interface ApiKey {
  id: string;
  name: string;
  /** The key's first characters, to recognise it. */
  prefix: string;
  role: StaffRole;
  /** Installed by `ADMIN_API_KEY` (or generated at the first start). */
  bootstrap: boolean;
  createdBy?: string;
  createdDate: Date;
  revokedDate?: Date;
}

export interface AuditChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditEntry {
  id: string;
  occurredDate: Date;
  actor: { kind: 'staff' | 'key'; id: string; label: string };
  entity: string;
  entityId: string;
  action: string;
  changes: AuditChange[];
}

export interface AuditPage {
  entries: AuditEntry[];
  pagingMetadata: { count: number; hasNext: boolean; cursors: Cursors };
}

export interface AuditQuery {
  limit?: number;
  cursor?: string;
  entity?: string;
  entityId?: string;
  actorId?: string;
}

const STAFF_DATES = { dates: ['createdDate', 'updatedDate', 'lastLoginDate'] };
const staff = (raw: unknown) => applyTransform(raw, STAFF_DATES) as StaffMember;
const apiKey = (raw: unknown) => applyTransform(raw, { dates: ['createdDate', 'revokedDate'] }) as ApiKey;
const signedIn = (raw: unknown): StaffSignIn =>
  applyTransform(raw, {
    dates: ['expiresDate', 'staff.createdDate', 'staff.updatedDate', 'staff.lastLoginDate'],
  }) as StaffSignIn;
const one = (r: { staff: unknown }) => staff(r.staff);
const session = (raw: unknown) =>
  applyTransform(raw, {
    dates: ['staff.createdDate', 'staff.updatedDate', 'staff.lastLoginDate'],
  }) as StaffSession;

/**
 * Staff: sign-in (public calls), one's own account, and the owners' management of staff, API keys and the
 * audit log (admin credential: a staff session token or an API key).
 */
export const staffAccounts = (http: Http) => ({
  /** Whether the store has an owner account (until then the sign-in page offers creating it). */
  getSetupStatus: (): Promise<{ ownerExists: boolean }> =>
    http.request<{ ownerExists: boolean }>({ method: 'GET', path: `${STAFF_PATH}/setup` }),
  /** The first owner: `setupCode` is the code the server printed at start, or the admin API key. */
  createOwner: (input: { setupCode: string; email: string; name?: string; password: string }) =>
    http.request({ method: 'POST', path: `${STAFF_PATH}/setup`, data: input }).then(signedIn),
  signIn: (email: string, password: string): Promise<StaffSignIn> =>
    http.request({ method: 'POST', path: `${STAFF_PATH}/sign-in`, data: { email, password } }).then(signedIn),
  /** The TOTP step after `signIn` answered `TOTP_REQUIRED`. */
  verifyTotp: (challengeToken: string, code: string): Promise<StaffSignIn> =>
    http
      .request({ method: 'POST', path: `${STAFF_PATH}/sign-in/totp`, data: { challengeToken, code } })
      .then(signedIn),
  /** Who an invitation link is for. */
  getInvite: (token: string): Promise<StaffMember> =>
    http
      .request<{ staff: unknown }>({ method: 'POST', path: `${STAFF_PATH}/invites/inspect`, data: { token } })
      .then(one),
  acceptInvite: (input: { token: string; password: string; name?: string }): Promise<StaffSignIn> =>
    http.request({ method: 'POST', path: `${STAFF_PATH}/invites/accept`, data: input }).then(signedIn),

  getSession: (): Promise<StaffSession> =>
    http.request({ method: 'GET', path: `${STAFF_PATH}/me` }).then(session),
  signOut: (): Promise<void> =>
    http.request({ method: 'POST', path: `${STAFF_PATH}/sign-out` }).then(() => undefined),
  changePassword: (currentPassword: string, newPassword: string): Promise<StaffMember> =>
    http
      .request<{ staff: unknown }>({
        method: 'POST',
        path: `${STAFF_PATH}/me/password`,
        data: { currentPassword, newPassword },
      })
      .then(one),
  startTotpEnrolment: (): Promise<StaffTotpEnrolment> =>
    http
      .request<{ enrolment: StaffTotpEnrolment }>({ method: 'POST', path: `${STAFF_PATH}/me/totp` })
      .then((r) => r.enrolment),
  activateTotp: (code: string): Promise<StaffMember> =>
    http
      .request<{ staff: unknown }>({ method: 'POST', path: `${STAFF_PATH}/me/totp/activate`, data: { code } })
      .then(one),
  removeTotp: (password: string): Promise<StaffMember> =>
    http
      .request<{ staff: unknown }>({
        method: 'POST',
        path: `${STAFF_PATH}/me/totp/remove`,
        data: { password },
      })
      .then(one),

  listStaff: (): Promise<StaffMember[]> =>
    http.request<{ staff: unknown[] }>({ method: 'GET', path: STAFF_PATH }).then((r) => r.staff.map(staff)),
  /** Mails an invitation link (the dev mailbox keeps it when no SMTP server is set). */
  inviteStaff: (input: { email: string; name?: string; role: StaffRole }): Promise<StaffMember> =>
    http
      .request<{ staff: unknown }>({ method: 'POST', path: `${STAFF_PATH}/invites`, data: input })
      .then(one),
  updateStaff: (id: string, changes: { role?: StaffRole; name?: string }): Promise<StaffMember> =>
    http
      .request<{ staff: unknown }>({ method: 'PATCH', path: `${STAFF_PATH}/{id}`, data: { id, ...changes } })
      .then(one),
  revokeStaff: (id: string): Promise<StaffMember> =>
    http
      .request<{ staff: unknown }>({ method: 'POST', path: `${STAFF_PATH}/{id}/revoke`, data: { id } })
      .then(one),
  resetStaffTotp: (id: string): Promise<StaffMember> =>
    http
      .request<{ staff: unknown }>({ method: 'POST', path: `${STAFF_PATH}/{id}/reset-totp`, data: { id } })
      .then(one),

  listApiKeys: (): Promise<ApiKey[]> =>
    http
      .request<{ apiKeys: unknown[] }>({ method: 'GET', path: API_KEYS_PATH })
      .then((r) => r.apiKeys.map(apiKey)),
  /** The answer's `key` is shown this once: only its hash is kept. */
  createApiKey: (input: { name: string; role: StaffRole }): Promise<{ apiKey: ApiKey; key: string }> =>
    http
      .request<{ apiKey: unknown; key: string }>({ method: 'POST', path: API_KEYS_PATH, data: input })
      .then((r) => ({ apiKey: apiKey(r.apiKey), key: r.key })),
  revokeApiKey: (id: string): Promise<ApiKey> =>
    http
      .request<{ apiKey: unknown }>({ method: 'POST', path: `${API_KEYS_PATH}/{id}/revoke`, data: { id } })
      .then((r) => apiKey(r.apiKey)),

  /** Newest first; pass `pagingMetadata.cursors.next` as `cursor` for the next page. */
  listAuditLog: (query: AuditQuery = {}): Promise<AuditPage> =>
    http
      .request<{ entries: unknown[]; pagingMetadata: AuditPage['pagingMetadata'] }>({
        method: 'GET',
        path: AUDIT_LOG_PATH,
        data: query,
      })
      .then((r) => ({
        entries: r.entries.map((e) => applyTransform(e, { dates: ['occurredDate'] }) as AuditEntry),
        pagingMetadata: r.pagingMetadata,
      })),
});

export type StaffAccountsModule = ReturnType<typeof staffAccounts>;
