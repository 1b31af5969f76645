/** What an abandoned checkout keeps (tables.ts), as plain types shared with the flows. */

export const STATUSES = ['ABANDONED', 'RECOVERED'] as const;
export type Status = (typeof STATUSES)[number];

/** Activity types of the wire (wire/merchant-settings.md "Abandoned checkouts"). */
export const ACTIVITY_TYPES = [
  'SCHEDULED',
  'EMAIL_SENT',
  'EMAIL_NOT_SENT',
  'NOTIFICATION_SENT',
  'TASK_CREATED',
  'AUTOMATION_SKIPPED',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export interface Activity {
  type: ActivityType;
  createdDate: string;
}

/** A multi-currency price as the checkout answered it. */
export interface StoredPrice {
  amount: string;
  convertedAmount?: string;
  formattedAmount?: string;
  formattedConvertedAmount?: string;
}

/** A checkout line as it stood at abandonment: the wire line's display fields. */
export interface StoredLine {
  id?: string;
  quantity?: number;
  catalogReference?: Record<string, unknown>;
  productName?: Record<string, unknown>;
  price?: StoredPrice;
  lineItemPrice?: StoredPrice;
  media?: unknown;
  url?: unknown;
  [field: string]: unknown;
}
