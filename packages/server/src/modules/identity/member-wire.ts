import type { OnTheWire, SiteMemberAddress, SiteMemberContact, SiteMemberProfile } from '@aisle/sdk';
import type { IdentityProfile } from './schemas.ts';
import type { CommunityProfile, MemberStatus, members } from './tables.ts';
import { copyDefined } from '../../platform/patch.ts';

/**
 * The community-facing member of wire/members.md, read from the same row as the identity (pure: no database).
 * The contact card is the identity profile seen another way; `profile.photo`, `cover` and `title` live in the
 * row's `community` column, the slug in its own unique column.
 */

type Row = typeof members.$inferSelect;

export const FIELDSETS = ['PUBLIC', 'EXTENDED', 'FULL'] as const;
export type Fieldset = (typeof FIELDSETS)[number];

export type WireMemberStatus = 'UNKNOWN' | 'PENDING' | 'APPROVED' | 'BLOCKED' | 'OFFLINE';

/** Identity status → member status (wire/members.md). A deleted member is never shown. */
export const MEMBER_STATUS: Record<MemberStatus, WireMemberStatus> = {
  ACTIVE: 'APPROVED',
  PENDING: 'PENDING',
  BLOCKED: 'BLOCKED',
  OFFLINE: 'OFFLINE',
  DELETED: 'UNKNOWN',
};

export type MemberContact = OnTheWire<SiteMemberContact>;
export type MemberProfile = OnTheWire<SiteMemberProfile>;

export interface WireMember {
  id: string;
  contactId: string;
  loginEmail?: string;
  loginEmailVerified?: boolean;
  status?: WireMemberStatus;
  privacyStatus: 'UNKNOWN' | 'PRIVATE' | 'PUBLIC';
  activityStatus: 'UNKNOWN' | 'ACTIVE' | 'MUTED';
  contact?: MemberContact;
  profile: MemberProfile;
  createdDate: string;
  updatedDate: string;
  lastLoginDate?: string;
}

/** The widest fieldset asked for; none means PUBLIC. */
export function widestFieldset(asked: readonly string[] | string | undefined): Fieldset {
  const list = asked === undefined ? [] : Array.isArray(asked) ? asked : [asked];
  if (list.includes('FULL')) return 'FULL';
  if (list.includes('EXTENDED')) return 'EXTENDED';
  return 'PUBLIC';
}

const compact = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;

function contactAddress(entry: NonNullable<IdentityProfile['addresses']>[number]): SiteMemberAddress {
  const a = entry.address;
  return compact({
    id: entry.id,
    addressLine: a.addressLine,
    addressLine2: a.addressLine2,
    streetAddress: a.streetAddress
      ? compact({ number: a.streetAddress.number, name: a.streetAddress.name })
      : undefined,
    city: a.city,
    subdivision: a.subdivision,
    country: a.country,
    postalCode: a.postalCode,
  });
}

export function contactOf(profile: IdentityProfile): MemberContact {
  return compact({
    firstName: profile.firstName,
    lastName: profile.lastName,
    phones: profile.phones ?? [],
    emails: profile.emails ?? [],
    addresses: (profile.addresses ?? []).map(contactAddress),
    birthdate: profile.birthdate,
    company: profile.company,
    jobTitle: profile.position,
    customFields: Object.fromEntries(
      (profile.customFields ?? []).map((f) => [f.name, { name: f.name, value: f.value }]),
    ),
  });
}

/** The member in the fieldset asked for (PUBLIC unless said). */
export function toMember(row: Row, fieldset: Fieldset = 'PUBLIC'): WireMember {
  const profile = row.profile;
  const community: CommunityProfile = row.community ?? {};
  const out: WireMember = {
    id: row.id,
    // Aisle has no separate contacts: a member is its own contact.
    contactId: row.id,
    privacyStatus: profile.privacyStatus === 'PUBLIC' ? 'PUBLIC' : 'PRIVATE',
    activityStatus: row.activityStatus,
    profile: compact({
      nickname: profile.nickname,
      slug: row.slug ?? row.id,
      photo: community.photo ?? (profile.picture ? { url: profile.picture } : undefined),
      cover: community.cover,
      title: community.title,
    }),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
  if (fieldset === 'PUBLIC') return out;
  out.loginEmail = row.email;
  out.loginEmailVerified = row.emailVerified;
  out.status = MEMBER_STATUS[row.status];
  if (row.lastLoginDate) out.lastLoginDate = row.lastLoginDate.toISOString();
  if (fieldset === 'FULL') out.contact = contactOf(profile);
  return out;
}

/** A member write's `contact` and `profile` (wire/members.md PATCH). */
export interface MemberInput {
  contact?: MemberContact;
  profile?: MemberProfile;
}

/**
 * What a member write changes: identity profile fields (top-level fields replace, absent ones stay), the
 * community column, and the slug asked for (checked and stored by the caller).
 */
export function applyMemberInput(
  current: { profile: IdentityProfile; community: CommunityProfile },
  input: MemberInput,
): { profile: IdentityProfile; community: CommunityProfile; slug?: string } {
  const profile: IdentityProfile = { ...current.profile };
  const community: CommunityProfile = { ...current.community };
  const c = input.contact;
  if (c) {
    copyDefined(profile, c, ['firstName', 'lastName', 'phones', 'emails', 'birthdate', 'company']);
    if (c.jobTitle !== undefined) profile.position = c.jobTitle;
    if (c.addresses !== undefined)
      profile.addresses = c.addresses.map((a) => ({
        id: a.id ?? crypto.randomUUID(),
        address: compact({
          addressLine: a.addressLine,
          addressLine2: a.addressLine2,
          streetAddress: a.streetAddress,
          city: a.city,
          subdivision: a.subdivision,
          country: a.country,
          postalCode: a.postalCode,
        }),
      }));
    if (c.customFields !== undefined)
      profile.customFields = Object.entries(c.customFields).map(([key, field]) => ({
        name: field.name ?? key,
        value: field.value ?? {},
      }));
  }
  const p = input.profile;
  let slug: string | undefined;
  if (p) {
    if (p.nickname !== undefined) profile.nickname = p.nickname;
    if (p.photo !== undefined) {
      community.photo = p.photo;
      if (p.photo.url) profile.picture = p.photo.url;
    }
    if (p.cover !== undefined) community.cover = p.cover;
    if (p.title !== undefined) community.title = p.title;
    if (p.slug !== undefined) slug = p.slug;
  }
  return { profile, community, ...(slug !== undefined ? { slug } : {}) };
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A slug's problem, or undefined when it may be used (lower-case letters, digits and single hyphens). */
export function slugProblem(slug: string): string | undefined {
  if (slug.length < 1 || slug.length > 100) return 'must be 1 to 100 characters';
  if (!SLUG.test(slug)) return 'may hold only lower-case letters, digits and single hyphens between them';
  if (UUID_LIKE.test(slug)) return 'may not look like a member id';
  return undefined;
}

/** Which contact list a `DELETE /members/{id}/<list>` clears. */
export const CONTACT_LISTS = { phones: 'phones', emails: 'emails', addresses: 'addresses' } as const;
