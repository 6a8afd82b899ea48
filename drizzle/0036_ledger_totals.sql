CREATE TABLE "lease_balances" (
	"lease_id" integer PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"balance" numeric(12, 2) NOT NULL,
	"last_entry_date" date NOT NULL,
	"last_payment_id" integer
);
--> statement-breakpoint
CREATE TABLE "money_month_totals" (
	"organisation_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"month" date NOT NULL,
	"expected" numeric(12, 2) NOT NULL,
	"collected" numeric(12, 2) NOT NULL,
	CONSTRAINT "money_month_totals_property_id_month_pk" PRIMARY KEY("property_id","month")
);
--> statement-breakpoint
ALTER TABLE "lease_balances" ADD CONSTRAINT "lease_balances_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_balances" ADD CONSTRAINT "lease_balances_last_payment_id_ledger_entries_id_fk" FOREIGN KEY ("last_payment_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_orders_filed_by_idx" ON "work_orders" USING btree ("filed_by");--> statement-breakpoint
CREATE INDEX "work_orders_tenant_id_idx" ON "work_orders" USING btree ("tenant_id");--> statement-breakpoint
CREATE TABLE "lease_day_balances" (
	"lease_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"day" date NOT NULL,
	"balance" numeric(12, 2) NOT NULL,
	CONSTRAINT "lease_day_balances_lease_id_day_pk" PRIMARY KEY("lease_id","day")
);
--> statement-breakpoint
ALTER TABLE "lease_day_balances" ADD CONSTRAINT "lease_day_balances_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The money screens' figures summed ahead of time (docs/decisions/0031), kept by a trigger
-- on the ledger in the writer's transaction, as the books' totals are (0031_books_totals).
--
-- What each ledger entry adds to a property's month of the money summary. `dated` is the day
-- the line counts on: a rent charge is expected on its own date until a reversal undoes it
-- (whenever that comes: the reversal takes it back on the charge's date); a payment is
-- collected on its date, and a reversal of a payment takes it back on the reversal's date.
CREATE VIEW money_month_lines AS
  SELECT e.id AS entry_id, e.lease_id, v.dated, date_trunc('month', v.dated)::date AS month,
         v.expected, v.collected
  FROM ledger_entries e
  LEFT JOIN ledger_entries o ON o.id = e.reverses_id
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
--> statement-breakpoint
-- The totals as they should be, recomputed from every entry (the tests compare).
CREATE VIEW money_month_totals_recomputed AS
  SELECT u.organisation_id, u.property_id, m.month, coalesce(sum(m.expected), 0)::numeric(12, 2) AS expected,
         coalesce(sum(m.collected), 0)::numeric(12, 2) AS collected
  FROM money_month_lines m JOIN leases l ON l.id = m.lease_id JOIN units u ON u.id = l.unit_id
  GROUP BY u.organisation_id, u.property_id, m.month;
--> statement-breakpoint
-- A lease's last standing payment: the latest by date, then posting order, not reversed.
CREATE FUNCTION lease_last_payment(lease integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT e.id FROM ledger_entries e
  WHERE e.lease_id = lease AND e.kind = 'payment'
    AND NOT EXISTS (SELECT 1 FROM ledger_entries v WHERE v.reverses_id = e.id)
  ORDER BY e.entry_date DESC, e.id DESC LIMIT 1
$$;
--> statement-breakpoint
CREATE VIEW lease_balances_recomputed AS
  SELECT e.lease_id, e.organisation_id, sum(e.delta) AS balance, max(e.entry_date) AS last_entry_date,
         lease_last_payment(e.lease_id) AS last_payment_id
  FROM ledger_entries e GROUP BY e.lease_id, e.organisation_id;
--> statement-breakpoint
CREATE TYPE money_change AS (organisation_id integer, property_id integer, month date, expected numeric, collected numeric);
--> statement-breakpoint
-- The day each entry counts on for a lease's balance by day: its own, or for a reversal the
-- later of its own and its entry's (the day both stand on the same side of).
CREATE VIEW lease_day_lines AS
  SELECT e.id AS entry_id, e.lease_id,
         CASE WHEN o.id IS NULL THEN e.entry_date ELSE greatest(e.entry_date, o.entry_date) END AS day,
         e.delta
  FROM ledger_entries e LEFT JOIN ledger_entries o ON o.id = e.reverses_id;
--> statement-breakpoint
-- A lease's balance at the end of each day it changed, from a day on (every day: -infinity).
CREATE FUNCTION lease_day_balances_from(lease integer, first_day date)
RETURNS TABLE (lease_id integer, day date, balance numeric) LANGUAGE sql STABLE AS $$
  SELECT x.lease_id, x.day, x.balance FROM (
    SELECT d.lease_id, d.day, sum(sum(d.delta)) OVER (ORDER BY d.day) AS balance
    FROM lease_day_lines d WHERE d.lease_id = lease
    GROUP BY d.lease_id, d.day) x
  WHERE x.day >= first_day
$$;
--> statement-breakpoint
CREATE VIEW lease_day_balances_recomputed AS
  SELECT b.lease_id, l.organisation_id, b.day, b.balance::numeric(12, 2) AS balance
  FROM (SELECT DISTINCT lease_id, organisation_id FROM ledger_entries) l
  CROSS JOIN LATERAL lease_day_balances_from(l.lease_id, '-infinity') b;
--> statement-breakpoint
-- Adds property months' changes, in key order (two writers lock the same rows in one order).
CREATE FUNCTION money_month_totals_add(changes money_change[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO money_month_totals AS t (organisation_id, property_id, month, expected, collected)
  SELECT c.organisation_id, c.property_id, c.month, coalesce(sum(c.expected), 0),
         coalesce(sum(c.collected), 0)
  FROM unnest(changes) AS c
  GROUP BY c.organisation_id, c.property_id, c.month
  ORDER BY c.property_id, c.month
  ON CONFLICT (property_id, month)
  DO UPDATE SET expected = t.expected + excluded.expected, collected = t.collected + excluded.collected;
$$;
--> statement-breakpoint
-- Ledger entries are only ever inserted (0012: append-only).
CREATE FUNCTION ledger_totals_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lease_balances AS b (lease_id, organisation_id, balance, last_entry_date)
  SELECT n.lease_id, n.organisation_id, sum(n.delta), max(n.entry_date) FROM new_rows n
  GROUP BY n.lease_id, n.organisation_id ORDER BY n.lease_id
  ON CONFLICT (lease_id) DO UPDATE SET balance = b.balance + excluded.balance,
    last_entry_date = greatest(b.last_entry_date, excluded.last_entry_date);
  UPDATE lease_balances b SET last_payment_id = lease_last_payment(b.lease_id)
  WHERE b.lease_id IN (SELECT n.lease_id FROM new_rows n WHERE n.kind IN ('payment', 'reversal'));
  -- Each lease's days from the first its new entries count on are summed again (a day is
  -- never left without entries: the ledger is append-only).
  INSERT INTO lease_day_balances AS b (lease_id, organisation_id, day, balance)
  SELECT f.lease_id, c.organisation_id, f.day, f.balance
  FROM (SELECT d.lease_id, n.organisation_id, min(d.day) AS first_day
        FROM new_rows n JOIN lease_day_lines d ON d.entry_id = n.id
        GROUP BY d.lease_id, n.organisation_id) c
  CROSS JOIN LATERAL lease_day_balances_from(c.lease_id, c.first_day) f
  ORDER BY f.lease_id, f.day
  ON CONFLICT (lease_id, day) DO UPDATE SET balance = excluded.balance;
  PERFORM money_month_totals_add(ARRAY(
    SELECT ROW(u.organisation_id, u.property_id, m.month, sum(m.expected), sum(m.collected))::money_change
    FROM new_rows n
    JOIN money_month_lines m ON m.entry_id = n.id
    JOIN leases l ON l.id = n.lease_id JOIN units u ON u.id = l.unit_id
    GROUP BY u.organisation_id, u.property_id, m.month));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_totals_ledger AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION ledger_totals_from_ledger();
--> statement-breakpoint
-- A unit moved to another property takes its leases' months with it (a lease never changes
-- unit: 0024).
CREATE FUNCTION money_month_totals_follow_unit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM money_month_totals_add(ARRAY(
    -- A unit moves only inside its organisation (0035).
    SELECT ROW(NEW.organisation_id, p.property_id, m.month, p.sign * sum(m.expected),
               p.sign * sum(m.collected))::money_change
    FROM leases l
    JOIN money_month_lines m ON m.lease_id = l.id
    CROSS JOIN (VALUES (OLD.property_id, -1), (NEW.property_id, 1)) AS p(property_id, sign)
    WHERE l.unit_id = NEW.id
    GROUP BY p.property_id, p.sign, m.month));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER money_month_totals_units AFTER UPDATE OF property_id ON units
  FOR EACH ROW WHEN (OLD.property_id IS DISTINCT FROM NEW.property_id)
  EXECUTE FUNCTION money_month_totals_follow_unit();
--> statement-breakpoint
-- The ledger written before this migration.
INSERT INTO lease_balances (lease_id, organisation_id, balance, last_entry_date, last_payment_id)
  SELECT lease_id, organisation_id, balance, last_entry_date, last_payment_id
  FROM lease_balances_recomputed;
--> statement-breakpoint
INSERT INTO money_month_totals (organisation_id, property_id, month, expected, collected)
  SELECT organisation_id, property_id, month, expected, collected FROM money_month_totals_recomputed;
--> statement-breakpoint
INSERT INTO lease_day_balances (lease_id, organisation_id, day, balance)
  SELECT lease_id, organisation_id, day, balance FROM lease_day_balances_recomputed;
