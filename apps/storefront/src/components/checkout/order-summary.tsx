import type { AppliedDiscount, OrderLineItem } from '@aisle/sdk';
import { nonZero } from '../../resources/cart.ts';
import './checkout.css';
import { itemImage, itemName, itemOptions, longDate } from './view.ts';

/** Money as both checkout (multi-currency) and order prices carry it. */
interface Money {
  amount?: string;
  formattedAmount?: string;
}

/** A checkout or order line, as far as the summary needs it. */
export interface SummaryLine {
  id: string;
  productName?: { original?: string; translated?: string };
  descriptionLines?: OrderLineItem['descriptionLines'];
  image?: string;
  media?: string;
  quantity?: number;
  price?: Money;
  lineItemPrice?: Money;
  totalPriceBeforeTax?: Money;
  digitalFile?: OrderLineItem['digitalFile'];
  itemType?: { preset?: string };
  /** `MEMBERSHIP`: paid by the member's membership (the line costs 0). */
  paymentOption?: string;
}

/**
 * The lines of a checkout or an order: picture (text first, the picture is decoration), name, options,
 * quantity, price; with `downloads`, the links of digital items.
 */
export function SummaryLines({
  lines,
  downloads = false,
  label = 'Items in your order',
}: {
  lines: SummaryLine[];
  downloads?: boolean;
  label?: string;
}) {
  return (
    <ul className="summary-lines" aria-label={label}>
      {lines.map((line) => {
        const image = itemImage(line);
        const options = itemOptions(line);
        const total = line.lineItemPrice ?? line.totalPriceBeforeTax;
        const file = line.digitalFile;
        return (
          <li key={line.id} className="summary-line" data-testid="summary-line">
            <div className="summary-line-image">
              {image && <img src={image} alt="" width={64} height={64} loading="lazy" decoding="async" />}
              <span className="summary-line-qty" aria-hidden="true">
                {line.quantity ?? 1}
              </span>
            </div>
            <div className="summary-line-main">
              <p className="summary-line-name">{itemName(line)}</p>
              {options.length > 0 && (
                <p className="muted small">{options.map((o) => `${o.name}: ${o.value}`).join(' · ')}</p>
              )}
              <p className="muted small">
                Qty {line.quantity ?? 1}
                {line.price?.formattedAmount && <> × {line.price.formattedAmount}</>}
              </p>
              {line.paymentOption === 'MEMBERSHIP' && (
                <p className="small membership-paid" data-testid="membership-paid">
                  Paid by your membership
                </p>
              )}
              {downloads && line.itemType?.preset === 'DIGITAL' && (
                <p className="small">
                  {file?.link ? (
                    <>
                      <a className="download-link" href={file.link} download data-testid="download-link">
                        Download {itemName(line)}
                      </a>
                      {file.expirationDate && (
                        <span className="muted"> · link valid until {longDate(file.expirationDate)}</span>
                      )}
                    </>
                  ) : (
                    <span className="muted">Your download link appears here when it is ready.</span>
                  )}
                </p>
              )}
            </div>
            <p className="summary-line-total">{total?.formattedAmount}</p>
          </li>
        );
      })}
    </ul>
  );
}

export interface SummaryFigures {
  subtotal?: Money;
  discount?: Money;
  shipping?: Money;
  tax?: Money;
  fees?: Money;
  total?: Money;
}

/** The figures of a checkout's price summary (`additionalFees`) or an order's (`totalAdditionalFees`). */
export function figuresOf(
  summary: SummaryFigures & { additionalFees?: Money; totalAdditionalFees?: Money } = {},
): SummaryFigures {
  const { subtotal, discount, shipping, tax, total } = summary;
  const fees = summary.additionalFees ?? summary.totalAdditionalFees;
  return { subtotal, discount, shipping, tax, total, ...(fees ? { fees } : {}) };
}

/** Subtotal, discount, shipping, tax, fees and total as the server worked them out (never added up here). */
export function SummaryTotals({
  figures,
  appliedDiscounts,
  shippingTitle,
  shippingPending,
  busy,
  taxIncluded,
}: {
  figures: SummaryFigures;
  /** The discounts of the checkout or order: the coupon's code and each automatic discount's name. */
  appliedDiscounts?: AppliedDiscount[] | undefined;
  shippingTitle?: string | undefined;
  /** Shipping is not known yet (no address or no option chosen). */
  shippingPending?: string | undefined;
  busy?: boolean;
  taxIncluded?: boolean | undefined;
}) {
  return (
    <dl className="summary-totals" aria-busy={busy} data-testid="checkout-totals">
      <div>
        <dt>Subtotal</dt>
        <dd data-testid="total-subtotal">{figures.subtotal?.formattedAmount}</dd>
      </div>
      <DiscountRows total={figures.discount} applied={appliedDiscounts} />
      <div>
        <dt>
          Shipping
          {shippingTitle && !shippingPending && <span className="muted small"> ({shippingTitle})</span>}
        </dt>
        <dd>
          {shippingPending ? (
            <span className="muted small">{shippingPending}</span>
          ) : (
            <span data-testid="total-shipping">{figures.shipping?.formattedAmount}</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Tax{taxIncluded ? <span className="muted small"> (included)</span> : null}</dt>
        <dd data-testid="total-tax">{figures.tax?.formattedAmount}</dd>
      </div>
      {nonZero(figures.fees?.amount) && (
        <div>
          <dt>Additional fees</dt>
          <dd data-testid="total-fees">{figures.fees?.formattedAmount}</dd>
        </div>
      )}
      <div className="summary-total">
        <dt>Total</dt>
        <dd data-testid="total-total">{figures.total?.formattedAmount}</dd>
      </div>
    </dl>
  );
}

/** An amount taken off: “− $5.00” (read as “minus”). */
function Minus({ amount, testId }: { amount: Money | undefined; testId: string }) {
  return (
    <dd>
      <span aria-hidden="true">−</span>
      <span className="visually-hidden">minus </span>
      <span data-testid={testId}>{amount?.formattedAmount}</span>
    </dd>
  );
}

/**
 * The discount rows of a cart, checkout or order summary: the total taken off (with the coupon's code when
 * it is the only discount); with automatic discounts (discount rules) among them, each below it by its name,
 * apart from the coupon's share.
 */
export function DiscountRows({
  total,
  applied = [],
}: {
  total: Money | undefined;
  applied?: AppliedDiscount[] | undefined;
}) {
  if (!nonZero(total?.amount)) return null;
  const coupon = applied.find((d) => d.coupon)?.coupon;
  const rules = applied.flatMap((d) =>
    d.discountRule && nonZero(d.discountRule.amount?.amount) ? [d.discountRule] : [],
  );
  if (rules.length === 0)
    return (
      <div className="summary-discount">
        <dt>Discount{coupon?.code ? ` (${coupon.code})` : ''}</dt>
        <Minus amount={total} testId="total-discount" />
      </div>
    );
  return (
    <>
      <div className="summary-discount">
        <dt>Discounts</dt>
        <Minus amount={total} testId="total-discount" />
      </div>
      {rules.map((rule) => (
        <div
          key={rule.id}
          className="summary-discount summary-discount-part"
          data-testid="automatic-discount"
        >
          <dt>
            <span data-testid="automatic-discount-name">{rule.name?.translated ?? rule.name?.original}</span>
            <span className="muted discount-kind"> Automatic discount</span>
          </dt>
          <Minus amount={rule.amount} testId="automatic-discount-amount" />
        </div>
      ))}
      {coupon && nonZero(coupon.amount?.amount) && (
        <div className="summary-discount summary-discount-part">
          <dt>Coupon {coupon.code}</dt>
          <Minus amount={coupon.amount} testId="coupon-discount-amount" />
        </div>
      )}
    </>
  );
}
