-- Each money line names its organisation (docs/decisions/0030): the money summary reads the
-- lines of its own organisation's leases by it, and an entry's reversed entry is joined within
-- the organisation. A column added at the end, so the view is replaced in place.
CREATE OR REPLACE VIEW money_month_lines AS
  SELECT e.id AS entry_id, e.lease_id, v.dated, date_trunc('month', v.dated)::date AS month,
         v.expected, v.collected, e.organisation_id
  FROM ledger_entries e
  LEFT JOIN ledger_entries o ON o.id = e.reverses_id AND o.organisation_id = e.organisation_id
  CROSS JOIN LATERAL (VALUES
    (coalesce(o.entry_date, e.entry_date),
     CASE WHEN coalesce(o.kind, e.kind) = 'charge'
               AND (CASE WHEN o.id IS NULL THEN e.category ELSE o.category END) = 'rent'
          THEN CASE WHEN o.id IS NULL THEN e.amount ELSE -e.amount END END,
     NULL::numeric),
    (e.entry_date, NULL::numeric,
     CASE WHEN coalesce(o.kind, e.kind) = 'payment'
          THEN CASE WHEN o.id IS NULL THEN e.amount ELSE -e.amount END END)
  ) AS v(dated, expected, collected)
  WHERE v.expected IS NOT NULL OR v.collected IS NOT NULL;
