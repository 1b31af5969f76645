import type { EstimateTotalsResponse, LineItem } from '@aisle/sdk';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  availabilityNote,
  cartErrorMessage,
  lineImage,
  lineName,
  lineOptions,
  linePath,
  lineViolations,
  nonZero,
  removeLine,
  setLineQuantity,
} from '../resources/cart.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

/** The cart's lines: picture, name, chosen options, prices, a quantity stepper and remove. */
export function CartLines({
  lines,
  totals,
  highlight = [],
  compact = false,
  onNavigate,
  onRemoved,
}: {
  lines: LineItem[];
  totals: EstimateTotalsResponse | undefined;
  /** Lines to mark as just added. */
  highlight?: string[];
  /** The drawer's tighter layout. */
  compact?: boolean;
  /** A product link was followed (the drawer closes). */
  onNavigate?: () => void;
  /** A line was removed (focus goes somewhere that still exists). */
  onRemoved?: () => void;
}) {
  return (
    <ul className={`cart-lines${compact ? ' compact' : ''}`} aria-label="Items in your cart">
      {lines.map((line) => (
        <CartLine
          key={line.id}
          line={line}
          totals={totals}
          added={highlight.includes(line.id)}
          onNavigate={onNavigate}
          onRemoved={onRemoved}
        />
      ))}
    </ul>
  );
}

interface Note {
  text: string;
  tone: 'error' | 'warning';
}

/** What to say next to a line: its availability, else the engine's violations for it. */
function notesFor(line: LineItem, totals: EstimateTotalsResponse | undefined): Note[] {
  const availability = availabilityNote(line);
  if (availability) return [availability];
  return lineViolations(totals, line.id).map((v) => ({
    text: v.description ?? 'This item cannot be ordered as it is.',
    tone: v.severity === 'ERROR' ? 'error' : 'warning',
  }));
}

function CartLine({
  line,
  totals,
  added,
  onNavigate,
  onRemoved,
}: {
  line: LineItem;
  totals: EstimateTotalsResponse | undefined;
  added: boolean;
  onNavigate: (() => void) | undefined;
  onRemoved: (() => void) | undefined;
}) {
  const name = lineName(line);
  const options = lineOptions(line);
  const described = [name, ...options.map((o) => o.value)].join(', ');
  const path = linePath(line);
  const image = lineImage(line);
  const notes = notesFor(line, totals);
  const left = line.availability?.status === 'NOT_FOUND' || line.availability?.status === 'NOT_AVAILABLE';
  const onSale = nonZero(line.fullPrice?.amount) && line.fullPrice?.amount !== line.price?.amount;
  // The quantity shown while changes are on their way (several clicks queue up in order).
  const [shown, setShown] = useState<number | undefined>();
  const inFlight = useRef(0);
  const [error, setError] = useState<string | undefined>();
  const [removing, setRemoving] = useState(false);
  const quantity = shown ?? line.quantity ?? 1;
  const available = line.availability?.quantityAvailable;

  const change = async (next: number) => {
    setShown(next);
    setError(undefined);
    inFlight.current += 1;
    try {
      await setLineQuantity(line.id, next);
    } catch (err) {
      setError(cartErrorMessage(err).message);
    } finally {
      inFlight.current -= 1;
      if (inFlight.current === 0) setShown(undefined);
    }
  };
  const remove = async () => {
    setRemoving(true);
    setError(undefined);
    try {
      await removeLine(line);
      onRemoved?.();
    } catch (err) {
      setError(cartErrorMessage(err).message);
      setRemoving(false);
    }
  };

  return (
    <li
      className={`cart-line${added ? ' just-added' : ''}${left ? ' unavailable' : ''}`}
      data-testid="cart-line"
      aria-busy={removing || shown !== undefined}
    >
      <div className="cart-line-image">
        {image ? <img src={image} alt="" width={96} height={96} loading="lazy" decoding="async" /> : null}
      </div>
      <div className="cart-line-main">
        <h3 className="cart-line-name">
          {path ? (
            <Link to={path} className="cart-line-link" onClick={onNavigate}>
              {name}
            </Link>
          ) : (
            name
          )}
        </h3>
        {options.length > 0 && (
          <ul className="cart-line-options" aria-label="Chosen options">
            {options.map((option) => (
              <li key={option.name}>
                <span className="muted">{option.name}:</span>{' '}
                {option.colour && (
                  <span className="mini-swatch" style={{ background: option.colour }} aria-hidden="true" />
                )}
                {option.value}
              </li>
            ))}
          </ul>
        )}
        <p className="cart-line-unit" data-testid="line-unit-price">
          {onSale && (
            <>
              <s className="muted">
                <span className="visually-hidden">Was </span>
                {line.fullPrice?.formattedAmount}
              </s>{' '}
            </>
          )}
          <span className={onSale ? 'sale' : undefined}>{line.price?.formattedAmount}</span>
          <span className="muted"> each</span>
        </p>
        {notes.map((note) => (
          <p key={note.text} className={`line-note line-note-${note.tone}`} data-testid="line-note">
            {note.text}
          </p>
        ))}
        {left && <p className="muted small">Not counted in the totals. Remove it to check out.</p>}
      </div>
      <div className="cart-line-actions">
        <div className="cart-line-buttons">
          {!left && (
            <QuantityStepper
              value={quantity}
              label={`Quantity of ${described}`}
              max={available !== undefined && available > 0 ? available : undefined}
              onChange={(next) => void change(next)}
              disabled={removing}
            />
          )}
          {/* Posts to the cart page without JavaScript (`cartAction`). */}
          <form
            method="post"
            action="/cart"
            onSubmit={(event) => {
              event.preventDefault();
              void remove();
            }}
          >
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineId" value={line.id} />
            <button type="submit" className="button button-ghost small" disabled={removing}>
              {removing ? 'Removing…' : 'Remove'}
              <span className="visually-hidden"> {described}</span>
            </button>
          </form>
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <p className="cart-line-total" data-testid="line-total">
        <span className="visually-hidden">Line total </span>
        {left ? (
          <s className="muted">{line.lineItemPrice?.formattedAmount}</s>
        ) : (
          line.lineItemPrice?.formattedAmount
        )}
      </p>
    </li>
  );
}
