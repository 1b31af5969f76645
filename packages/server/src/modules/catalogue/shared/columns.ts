import { createdDate, money as numericMoney, updatedDate } from '../../../platform/columns.ts';

/** The catalogue's columns: the platform's conventions, money as `numeric(14, 2)`, `last_updated` dates. */
export * from '../../../platform/columns.ts';
export const money = (name: string) => numericMoney(name, 14, 2);
export const created = createdDate;
export const updated = (name = 'last_updated') => updatedDate(name);
