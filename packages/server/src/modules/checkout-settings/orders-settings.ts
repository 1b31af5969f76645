import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { ordersSettings } from '../orders/tables.ts';
import { maskedFields } from '../../platform/entity-kit/support.ts';
import type { APPROVAL_STRATEGIES, INVENTORY_TRIGGERS, OrdersSettingsInput } from './schemas.ts';

/**
 * Orders settings (singleton, wire/merchant-settings.md): when stock is taken (`inventoryUpdateTrigger`),
 * whether an invoice is created with each order, and when an order is approved (`orderApprovalStrategy`,
 * which Aisle keeps here as the store-wide default of the create-order setting of the same name).
 */

export type InventoryUpdateTrigger = (typeof INVENTORY_TRIGGERS)[number];
export type OrderApprovalStrategy = (typeof APPROVAL_STRATEGIES)[number];

export interface OrdersSettings {
  inventoryUpdateTrigger: InventoryUpdateTrigger;
  orderApprovalStrategy: OrderApprovalStrategy;
  createInvoice: boolean;
  /** Absent until first written. */
  createdDate?: Date;
  updatedDate?: Date;
}

export const ORDERS_SETTINGS_DEFAULTS: OrdersSettings = {
  inventoryUpdateTrigger: 'ON_ORDER_PLACED',
  orderApprovalStrategy: 'DEFAULT',
  createInvoice: false,
};

type Row = typeof ordersSettings.$inferSelect;

const fromRow = (row: Row): OrdersSettings => ({
  inventoryUpdateTrigger: row.inventoryUpdateTrigger as InventoryUpdateTrigger,
  orderApprovalStrategy: row.orderApprovalStrategy as OrderApprovalStrategy,
  createInvoice: row.createInvoice,
  createdDate: row.createdDate,
  updatedDate: row.updatedDate,
});

/** The settings in effect, defaults when none were written. Order placement reads these (any `Db`, a tx too). */
export async function loadOrdersSettings(db: Db): Promise<OrdersSettings> {
  const [row] = await db.select().from(ordersSettings).where(eq(ordersSettings.id, 1)).limit(1);
  return row ? fromRow(row) : { ...ORDERS_SETTINGS_DEFAULTS };
}

export function ordersSettingsToWire(settings: OrdersSettings) {
  return {
    inventoryUpdateTrigger: settings.inventoryUpdateTrigger,
    createInvoice: settings.createInvoice,
    orderApprovalStrategy: settings.orderApprovalStrategy,
    ...(settings.createdDate ? { createdDate: settings.createdDate.toISOString() } : {}),
    ...(settings.updatedDate ? { updatedDate: settings.updatedDate.toISOString() } : {}),
  };
}

export type WireOrdersSettings = ReturnType<typeof ordersSettingsToWire>;

const WRITABLE = ['inventoryUpdateTrigger', 'createInvoice', 'orderApprovalStrategy'] as const;

/** PATCH `{ordersSettings, fieldMask}`; a field named by the mask but not given goes back to its default. */
export async function updateOrdersSettings(
  ctx: AppContext,
  input: OrdersSettingsInput,
  fieldMask: string | undefined,
): Promise<WireOrdersSettings> {
  const fields = maskedFields(input, fieldMask, WRITABLE, 'ordersSettings');
  return ctx.events.transaction(async (tx) => {
    const now = ctx.clock();
    await tx
      .insert(ordersSettings)
      .values({ id: 1, createdDate: now, updatedDate: now })
      .onConflictDoNothing();
    const [current] = await tx.select().from(ordersSettings).where(eq(ordersSettings.id, 1)).for('update');
    const set: Partial<Row> = {};
    for (const field of fields) {
      if (field === 'inventoryUpdateTrigger')
        set.inventoryUpdateTrigger =
          input.inventoryUpdateTrigger ?? ORDERS_SETTINGS_DEFAULTS.inventoryUpdateTrigger;
      else if (field === 'orderApprovalStrategy')
        set.orderApprovalStrategy =
          input.orderApprovalStrategy ?? ORDERS_SETTINGS_DEFAULTS.orderApprovalStrategy;
      else set.createInvoice = input.createInvoice ?? ORDERS_SETTINGS_DEFAULTS.createInvoice;
    }
    const [row] = await tx
      .update(ordersSettings)
      .set({ ...set, updatedDate: now })
      .where(eq(ordersSettings.id, current!.id))
      .returning();
    const wire = ordersSettingsToWire(fromRow(row!));
    return ctx.events.recordUpdate(tx, 'orders_settings', 'orders', 'ordersSettings', wire);
  });
}
