import { defined, resourceCalls } from '../core/entity.ts';
import type { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type { BulkResult } from './common-types.ts';
import type { CustomValue } from './identity-types.ts';

/**
 * Site members in the reference shape (wire/members.md): the signed-in member (`my`), and every member for
 * an admin client. Aisle's own `members` module (`/members/me`, the identity shape) is unchanged beside it.
 */
export const SITE_MEMBERS_PATH = '/members/v1/members';

export type SiteMemberFieldset = 'PUBLIC' | 'EXTENDED' | 'FULL';
export type SiteMemberStatus = 'UNKNOWN' | 'PENDING' | 'APPROVED' | 'BLOCKED' | 'OFFLINE';

export interface SiteMemberImage {
  id?: string;
  url?: string;
  height?: number;
  width?: number;
  offsetX?: number;
  offsetY?: number;
}

export interface SiteMemberAddress {
  id?: string;
  addressLine?: string;
  addressLine2?: string;
  streetAddress?: { number?: string; name?: string };
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
}

export interface SiteMemberContact {
  firstName?: string;
  lastName?: string;
  phones?: string[];
  emails?: string[];
  addresses?: SiteMemberAddress[];
  /** `YYYY-MM-DD`. */
  birthdate?: string;
  company?: string;
  jobTitle?: string;
  customFields?: Record<string, { name?: string; value?: CustomValue }>;
}

export interface SiteMemberProfile {
  nickname?: string;
  slug?: string;
  photo?: SiteMemberImage;
  cover?: SiteMemberImage;
  title?: string;
}

export interface SiteMember {
  id: string;
  contactId?: string;
  /** EXTENDED and FULL. */
  loginEmail?: string;
  loginEmailVerified?: boolean;
  status?: SiteMemberStatus;
  privacyStatus?: 'UNKNOWN' | 'PRIVATE' | 'PUBLIC';
  activityStatus?: 'UNKNOWN' | 'ACTIVE' | 'MUTED';
  /** FULL only. */
  contact?: SiteMemberContact;
  profile?: SiteMemberProfile;
  createdDate?: Date;
  updatedDate?: Date;
  lastLoginDate?: Date;
}

/** What a create or update may send. */
export interface SiteMemberInput {
  loginEmail?: string;
  contact?: SiteMemberContact;
  profile?: SiteMemberProfile;
}

export interface SiteMemberOptions {
  /** PUBLIC when absent; FULL adds the contact card. */
  fieldsets?: readonly SiteMemberFieldset[];
}

export interface ListSiteMembersOptions extends SiteMemberOptions {
  paging?: { limit?: number; offset?: number };
  sorting?: { fieldName: string; order?: 'ASC' | 'DESC' };
}

export interface SiteMemberPage {
  members: SiteMember[];
  metadata: { count: number; offset?: number; total?: number; tooManyToCount?: boolean };
}

const CONVERSION = { dates: ['createdDate', 'updatedDate', 'lastLoginDate'] };

const fieldsetsOf = (options: SiteMemberOptions) =>
  options.fieldsets?.length ? { fieldsets: [...options.fieldsets] } : {};

export const siteMembers = (http: Http) => {
  const calls = resourceCalls<SiteMember, SiteMemberInput, SiteMemberInput>(http, {
    path: SITE_MEMBERS_PATH,
    key: 'member',
    plural: 'members',
    queryMethod: 'POST',
    paging: 'offset',
    metadataKey: 'metadata',
    bulkPath: `${SITE_MEMBERS_PATH}/bulk`,
    conversion: CONVERSION,
  });
  const one = (method: 'GET' | 'POST' | 'DELETE', suffix: string, data: object = {}) =>
    http
      .request<{ member?: unknown }>({ method, path: `${SITE_MEMBERS_PATH}${suffix}`, data })
      .then((response) => calls.fromWire(response.member));
  /** `<method> <path>/<memberId>/<action>`, answered `{member}`. */
  const ofMember = (method: 'POST' | 'DELETE', memberId: string, action: string, data: object = {}) =>
    one(method, `/${encodeURIComponent(memberId)}/${action}`, data);
  const byFilter = (action: 'approve' | 'block' | 'delete', filter: object) =>
    http
      .request<{ jobId: string }>({
        method: 'POST',
        path: `${SITE_MEMBERS_PATH}/bulk/${action}-by-filter`,
        data: { filter },
      })
      .then((response) => response.jobId);
  return {
    /** The signed-in member (member token). */
    getCurrentMember: (options: SiteMemberOptions = {}): Promise<SiteMember> =>
      one('GET', '/my', fieldsetsOf(options)),
    /** Deletes the signed-in member and its identity (it is signed out everywhere). */
    deleteMyMember: (): Promise<void> =>
      http.request({ method: 'DELETE', path: `${SITE_MEMBERS_PATH}/my` }).then(() => undefined),
    /** Lower-case letters, digits and hyphens; 409 `SLUG_ALREADY_EXISTS` when another member has it. */
    updateMySlug: (slug: string): Promise<SiteMember> => one('POST', '/my/slug', { slug }),
    joinCommunity: (): Promise<SiteMember> => one('POST', '/join-community'),
    leaveCommunity: (): Promise<SiteMember> => one('POST', '/leave-community'),

    /** The member itself, or any member for an admin. */
    getMember: (memberId: string, options: SiteMemberOptions = {}): Promise<SiteMember> =>
      calls.get(memberId, fieldsetsOf(options)),
    /** The contact card and profile fields given (top-level fields replace); own member or admin. */
    updateMember: (memberId: string, member: SiteMemberInput): Promise<SiteMember> =>
      calls.update(memberId, member),
    /** Empties that list of the contact card. */
    deleteMemberPhones: (memberId: string): Promise<SiteMember> => ofMember('DELETE', memberId, 'phones'),
    deleteMemberEmails: (memberId: string): Promise<SiteMember> => ofMember('DELETE', memberId, 'emails'),
    deleteMemberAddresses: (memberId: string): Promise<SiteMember> =>
      ofMember('DELETE', memberId, 'addresses'),

    // Admin calls.
    listMembers: (options: ListSiteMembersOptions = {}): Promise<SiteMemberPage> =>
      http
        .request<{ members?: unknown[]; metadata: SiteMemberPage['metadata'] }>({
          method: 'GET',
          path: SITE_MEMBERS_PATH,
          data: defined({ paging: options.paging, sorting: options.sorting, ...fieldsetsOf(options) }),
        })
        .then((response) => ({
          members: (response.members ?? []).map(calls.fromWire),
          metadata: response.metadata,
        })),
    /** Filter on `loginEmail`, `status`, `contact.firstName`, `profile.nickname`, dates …; `.find()` sends it. */
    queryMembers: (options: SiteMemberOptions = {}): QueryBuilder<SiteMember> =>
      calls.query(fieldsetsOf(options)),
    /** A member without a password; `loginEmail` is required. */
    createMember: (member: SiteMemberInput): Promise<SiteMember> => calls.create(member),
    deleteMember: (memberId: string): Promise<void> => calls.remove(memberId),
    updateMemberSlug: (memberId: string, slug: string): Promise<SiteMember> =>
      ofMember('POST', memberId, 'slug', { slug }),
    approveMember: (memberId: string): Promise<SiteMember> => ofMember('POST', memberId, 'approve'),
    blockMember: (memberId: string): Promise<SiteMember> => ofMember('POST', memberId, 'block'),
    muteMember: (memberId: string): Promise<SiteMember> => ofMember('POST', memberId, 'mute'),
    unmuteMember: (memberId: string): Promise<SiteMember> => ofMember('POST', memberId, 'unmute'),
    /** The member goes OFFLINE: signed out, and asked to reset the password (or be approved) to come back. */
    disconnectMember: (memberId: string): Promise<SiteMember> => ofMember('POST', memberId, 'disconnect'),
    bulkDeleteMembers: (memberIds: readonly string[]): Promise<BulkResult<never>> =>
      calls.bulkDelete(memberIds),
    /** Done when the promise settles; the job id names the run in the server's logs. */
    bulkApproveMembers: (filter: object): Promise<string> => byFilter('approve', filter),
    bulkBlockMembers: (filter: object): Promise<string> => byFilter('block', filter),
    bulkDeleteMembersByFilter: (filter: object): Promise<string> => byFilter('delete', filter),
  };
};

export type SiteMembersModule = ReturnType<typeof siteMembers>;
