import type { RouteObject } from 'react-router';
import { Account, accountAction, accountLoader } from './account.tsx';
import { ApiKeys, apiKeysAction, apiKeysLoader } from './api-keys.tsx';
import { AuditLog, auditLogLoader } from './audit-log.tsx';
import { CustomerPage, customerAction, customerLoader } from './customer.tsx';
import { CustomerSettings, customerSettingsAction, customerSettingsLoader } from './customer-settings.tsx';
import { Customers, customersLoader } from './customers.tsx';
import { Staff, staffAction, staffLoader } from './staff.tsx';

/** Signed-in pages of customers, staff, keys, the audit log and one's own account (under the layout). */
export const staffPages: RouteObject[] = [
  { path: 'customers', loader: customersLoader, Component: Customers },
  {
    path: 'customers/settings',
    loader: customerSettingsLoader,
    action: customerSettingsAction,
    Component: CustomerSettings,
  },
  { path: 'customers/:customerId', loader: customerLoader, action: customerAction, Component: CustomerPage },
  { path: 'staff', loader: staffLoader, action: staffAction, Component: Staff },
  { path: 'api-keys', loader: apiKeysLoader, action: apiKeysAction, Component: ApiKeys },
  { path: 'audit-log', loader: auditLogLoader, Component: AuditLog },
  { path: 'account', loader: accountLoader, action: accountAction, Component: Account },
];
