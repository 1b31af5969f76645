-- Document columns (whole wire objects as jsonb) are never compared by the planner, but ANALYZE samples and
-- measures them: on the embedded database, whose maintenance runs in the one database thread, analyzing the
-- outbox or the checkouts held every request for 140-200 ms. No statistics are gathered for them any more.
-- The outbox is read only through its keys (the pending events' partial index, ids): a small sample of its
-- other columns is plenty.
DO $$
DECLARE
  target text;
  col record;
BEGIN
  FOREACH target IN ARRAY ARRAY['outbox_events.payload', 'outbox_events.actor', 'webhook_deliveries.payload',
    'checkouts.cart', 'checkouts.request', 'checkouts.line_items', 'checkouts.info', 'carts.line_items',
    'carts.info', 'orders.data']
  LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN %I SET STATISTICS 0', split_part(target, '.', 1), split_part(target, '.', 2));
  END LOOP;
  FOR col IN SELECT attname FROM pg_attribute
    WHERE attrelid = 'outbox_events'::regclass AND attnum > 0 AND NOT attisdropped AND attname NOT IN ('payload', 'actor')
  LOOP
    EXECUTE format('ALTER TABLE outbox_events ALTER COLUMN %I SET STATISTICS 10', col.attname);
  END LOOP;
END $$;
