import type { AbandonedCheckoutRow } from '../../modules/abandoned-checkouts/entity.ts';
import { mailerFor } from '../../modules/mail/mailer.ts';
import { renderMail } from '../../modules/mail/templates.ts';
import { storeDisplayName } from '../../modules/settings/store.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * The recovery mail of an abandoned checkout: the store's name, the lines as they were, the total, and a
 * button that opens the same checkout again (`redirect-to-checkout` with the row's recovery token).
 */

function lineText(line: AbandonedCheckoutRow['lineItems'][number]): string {
  const name = typeof line.productName?.original === 'string' ? line.productName.original : 'Item';
  const price = line.price?.formattedAmount;
  return `${line.quantity ?? 1} × ${name}${price ? ` (${price} each)` : ''}`;
}

export async function recoveryMail(ctx: AppContext, row: AbandonedCheckoutRow) {
  const store = await storeDisplayName(ctx);
  const total = row.totalPrice.formattedAmount ?? row.total;
  const body = renderMail({
    title: 'You left something in your cart',
    paragraphs: [
      `Your checkout at ${store} is waiting for you:`,
      ...row.lineItems.map(lineText),
      `Total: ${total}`,
    ],
    button: { label: 'Return to your checkout', url: row.checkoutUrl },
    footer: `You receive this mail because you started a checkout at ${store}.`,
  });
  return {
    to: row.buyerEmail,
    subject: `You left something in your cart · ${store}`,
    ...body,
    tag: 'checkout-recovery',
    data: { link: row.checkoutUrl, abandonedCheckoutId: row.id, checkoutId: row.checkoutId },
  };
}

/** Sends it; the failure is logged (never the body: it carries the link) and reported as EMAIL_NOT_SENT. */
export async function sendRecoveryMail(
  ctx: AppContext,
  row: AbandonedCheckoutRow,
): Promise<'EMAIL_SENT' | 'EMAIL_NOT_SENT'> {
  try {
    await mailerFor(ctx).send(await recoveryMail(ctx, row));
    return 'EMAIL_SENT';
  } catch (error) {
    ctx.log.error(
      { err: error instanceof Error ? error.message : String(error), id: row.id },
      'recovery mail not sent',
    );
    return 'EMAIL_NOT_SENT';
  }
}
