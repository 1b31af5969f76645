import type { OrderLineItem } from '@aisle/sdk';
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
  couponCode,
  shippingTitle,
  shippingPending,
  busy,
  taxIncluded,
}: {
  figures: SummaryFigures;
  couponCode?: string | undefined;
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
      {nonZero(figures.discount?.amount) && (
        <div className="summary-discount">
          <dt>Discount{couponCode ? ` (${couponCode})` : ''}</dt>
          <dd>
            <span aria-hidden="true">−</span>
            <span className="visually-hidden">minus </span>
            <span data-testid="total-discount">{figures.discount?.formattedAmount}</span>
          </dd>
        </div>
      )}
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
