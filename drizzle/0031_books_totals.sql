CREATE TABLE "books_month_totals" (
	"property_id" integer NOT NULL,
	"month" date NOT NULL,
	"basis" text NOT NULL,
	"side" text NOT NULL,
	"category" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"entries" integer NOT NULL,
	"vendor_id" integer,
	CONSTRAINT "books_month_totals_basis_known" CHECK ("books_month_totals"."basis" in ('cash', 'accrual')),
	CONSTRAINT "books_month_totals_side_known" CHECK ("books_month_totals"."side" in ('income', 'expense', 'deposit'))
);
--> statement-breakpoint
CREATE TABLE "books_owner_month_totals" (
	"owner_id" integer NOT NULL,
	"month" date NOT NULL,
	"basis" text NOT NULL,
	"side" text NOT NULL,
	"category" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"entries" integer NOT NULL,
	"vendor_id" integer,
	CONSTRAINT "books_owner_month_totals_basis_known" CHECK ("books_owner_month_totals"."basis" in ('cash', 'accrual')),
	CONSTRAINT "books_owner_month_totals_side_known" CHECK ("books_owner_month_totals"."side" in ('income', 'expense', 'deposit'))
);
--> statement-breakpoint
CREATE TABLE "books_year_totals" (
	"property_id" integer NOT NULL,
	"year" date NOT NULL,
	"basis" text NOT NULL,
	"side" text NOT NULL,
	"category" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "books_year_totals_basis_known" CHECK ("books_year_totals"."basis" in ('cash', 'accrual')),
	CONSTRAINT "books_year_totals_side_known" CHECK ("books_year_totals"."side" in ('income', 'expense', 'deposit'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "books_month_totals_key" ON "books_month_totals" USING btree ("property_id","basis","month","side","category",coalesce("vendor_id", 0));--> statement-breakpoint
CREATE INDEX "books_month_totals_month" ON "books_month_totals" USING btree ("basis","month");--> statement-breakpoint
CREATE INDEX "books_month_totals_empty" ON "books_month_totals" USING btree ("property_id") WHERE "books_month_totals"."entries" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "books_owner_month_totals_key" ON "books_owner_month_totals" USING btree ("owner_id","basis","month","side","category",coalesce("vendor_id", 0));--> statement-breakpoint
CREATE INDEX "books_owner_month_totals_empty" ON "books_owner_month_totals" USING btree ("owner_id") WHERE "books_owner_month_totals"."entries" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "books_year_totals_key" ON "books_year_totals" USING btree ("property_id","basis","year","side","category");--> statement-breakpoint
CREATE INDEX "books_year_totals_year" ON "books_year_totals" USING btree ("basis","year");--> statement-breakpoint
CREATE INDEX "books_year_totals_empty" ON "books_year_totals" USING btree ("property_id") WHERE "books_year_totals"."entries" = 0;--> statement-breakpoint
CREATE INDEX "ledger_entries_date_idx" ON "ledger_entries" USING btree ("entry_date");--> statement-breakpoint
CREATE INDEX "deposit_transactions_ledger_entry_idx" ON "deposit_transactions" USING btree ("ledger_entry_id") WHERE "deposit_transactions"."ledger_entry_id" is not null;--> statement-breakpoint
-- The books summed ahead of time (docs/decisions/0027). The rules of docs/product.md section 30
-- (decision 0022) for one row of the ledger, the expenses or the deposit register are written
-- once below; triggers apply them to every row written, in the writer's transaction, and a view
-- applies them to every row there is (the backfill here, and the tests' recomputation).
--
-- What a ledger entry adds to income on each basis. `counted_kind` and `counted_category` are
-- those of the entry that counts (a reversal counts as the entry it undoes), `signed_amount` is
-- its amount (negative for a reversal), `paid_from_deposit` whether a deposit transaction names
-- the entry that counts.
CREATE FUNCTION books_income_lines(counted_kind text, counted_category text, signed_amount numeric, paid_from_deposit boolean)
RETURNS TABLE (basis text, category text, amount numeric) LANGUAGE sql IMMUTABLE AS $$
  SELECT v.basis, v.category, v.amount FROM (VALUES
    -- Cash: money received, and deposit money kept at settlement.
    ('cash', CASE WHEN counted_kind = 'payment' THEN 'payments'
                  WHEN counted_kind = 'credit' AND paid_from_deposit THEN 'deposit_kept' END,
     signed_amount),
    -- Accrual: charges by category less credits given; not opening balances (earned in the
    -- earlier books), not credits paid from a deposit (a way of paying, not a discount).
    ('accrual', CASE WHEN coalesce(counted_category, '') = 'opening_balance' THEN NULL
                     WHEN counted_kind = 'charge' THEN coalesce(counted_category, 'other')
                     WHEN counted_kind = 'credit' AND NOT paid_from_deposit THEN 'credits' END,
     CASE WHEN counted_kind = 'credit' THEN -signed_amount ELSE signed_amount END)
  ) AS v(basis, category, amount)
  WHERE v.category IS NOT NULL
$$;
--> statement-breakpoint
-- Every ledger entry as the books count it, on its own date.
CREATE VIEW books_ledger_lines AS
  SELECT e.id AS entry_id, e.lease_id, date_trunc('month', e.entry_date)::date AS month,
         i.basis, i.category, i.amount
  FROM ledger_entries e
  LEFT JOIN ledger_entries o ON o.id = e.reverses_id
  CROSS JOIN LATERAL books_income_lines(
    coalesce(o.kind, e.kind),
    CASE WHEN o.id IS NULL THEN e.category ELSE o.category END,
    CASE WHEN o.id IS NULL THEN e.amount ELSE -e.amount END,
    EXISTS (SELECT 1 FROM deposit_transactions d WHERE d.ledger_entry_id = coalesce(o.id, e.id))) i;
--> statement-breakpoint
-- Deposit money received and returned (the cash flow; never income).
CREATE VIEW books_deposit_lines AS
  SELECT d.id AS deposit_id, d.lease_id, date_trunc('month', d.transaction_date)::date AS month,
         d.kind AS category, d.amount
  FROM deposit_transactions d WHERE d.kind IN ('received', 'returned');
--> statement-breakpoint
-- The months an expense counts in: incurred (accrual), paid (cash; unpaid counts nowhere).
CREATE FUNCTION books_expense_months(expense_date date, paid_on date)
RETURNS TABLE (basis text, month date) LANGUAGE sql IMMUTABLE AS $$
  SELECT v.basis, date_trunc('month', v.day)::date
  FROM (VALUES ('accrual', expense_date), ('cash', paid_on)) AS v(basis, day)
  WHERE v.day IS NOT NULL
$$;
--> statement-breakpoint
-- The totals as they should be, recomputed from every row.
CREATE VIEW books_month_totals_recomputed AS
  SELECT property_id, month, basis, side, category, vendor_id, sum(amount) AS amount,
         count(*)::int AS entries
  FROM (
    SELECT u.property_id, b.month, b.basis, 'income' AS side, b.category, NULL::int AS vendor_id, b.amount
    FROM books_ledger_lines b JOIN leases l ON l.id = b.lease_id JOIN units u ON u.id = l.unit_id
    UNION ALL
    SELECT u.property_id, d.month, 'cash', 'deposit', d.category, NULL, d.amount
    FROM books_deposit_lines d JOIN leases l ON l.id = d.lease_id JOIN units u ON u.id = l.unit_id
    UNION ALL
    SELECT x.property_id, m.month, m.basis, 'expense', x.category, x.vendor_id, x.amount
    FROM expenses x CROSS JOIN LATERAL books_expense_months(x.expense_date, x.paid_on) m
  ) lines
  GROUP BY property_id, month, basis, side, category, vendor_id;
--> statement-breakpoint
-- A property's years and a landlord's months, as they should be.
CREATE VIEW books_year_totals_recomputed AS
  SELECT property_id, date_trunc('year', month)::date AS year, basis, side, category,
         sum(amount) AS amount, sum(entries)::int AS entries
  FROM books_month_totals_recomputed
  GROUP BY property_id, date_trunc('year', month)::date, basis, side, category;
--> statement-breakpoint
CREATE VIEW books_owner_month_totals_recomputed AS
  SELECT p.user_id AS owner_id, t.month, t.basis, t.side, t.category, t.vendor_id,
         sum(t.amount) AS amount, sum(t.entries)::int AS entries
  FROM books_month_totals_recomputed t JOIN properties p ON p.id = t.property_id
  GROUP BY p.user_id, t.month, t.basis, t.side, t.category, t.vendor_id;
--> statement-breakpoint
CREATE TYPE books_change AS (
  property_id integer, month date, basis text, side text, category text, vendor_id integer,
  amount numeric, entries bigint);
--> statement-breakpoint
-- Adds changes of property months to the totals at every level: the property's month and
-- year, and its landlord's month. Each level in key order, so two transactions changing the
-- same totals lock them in one order; the totals of no rows are deleted.
CREATE FUNCTION books_month_totals_add(changes books_change[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO books_month_totals AS t (property_id, month, basis, side, category, vendor_id, amount, entries)
  SELECT c.property_id, c.month, c.basis, c.side, c.category, c.vendor_id, sum(c.amount), sum(c.entries)
  FROM unnest(changes) AS c
  GROUP BY c.property_id, c.basis, c.month, c.side, c.category, c.vendor_id
  HAVING sum(c.amount) <> 0 OR sum(c.entries) <> 0
  ORDER BY c.property_id, c.basis, c.month, c.side, c.category, c.vendor_id
  ON CONFLICT (property_id, basis, month, side, category, (coalesce(vendor_id, 0)))
  DO UPDATE SET amount = t.amount + excluded.amount, entries = t.entries + excluded.entries;
  DELETE FROM books_month_totals WHERE entries = 0;
  INSERT INTO books_year_totals AS t (property_id, year, basis, side, category, amount, entries)
  SELECT c.property_id, date_trunc('year', c.month)::date, c.basis, c.side, c.category, sum(c.amount), sum(c.entries)
  FROM unnest(changes) AS c
  GROUP BY c.property_id, c.basis, date_trunc('year', c.month)::date, c.side, c.category
  HAVING sum(c.amount) <> 0 OR sum(c.entries) <> 0
  ORDER BY c.property_id, c.basis, date_trunc('year', c.month)::date, c.side, c.category
  ON CONFLICT (property_id, basis, year, side, category)
  DO UPDATE SET amount = t.amount + excluded.amount, entries = t.entries + excluded.entries;
  DELETE FROM books_year_totals WHERE entries = 0;
  INSERT INTO books_owner_month_totals AS t (owner_id, month, basis, side, category, vendor_id, amount, entries)
  SELECT p.user_id, c.month, c.basis, c.side, c.category, c.vendor_id, sum(c.amount), sum(c.entries)
  FROM unnest(changes) AS c JOIN properties p ON p.id = c.property_id
  GROUP BY p.user_id, c.basis, c.month, c.side, c.category, c.vendor_id
  HAVING sum(c.amount) <> 0 OR sum(c.entries) <> 0
  ORDER BY p.user_id, c.basis, c.month, c.side, c.category, c.vendor_id
  ON CONFLICT (owner_id, basis, month, side, category, (coalesce(vendor_id, 0)))
  DO UPDATE SET amount = t.amount + excluded.amount, entries = t.entries + excluded.entries;
  DELETE FROM books_owner_month_totals WHERE entries = 0;
$$;
--> statement-breakpoint
-- Ledger entries are only ever inserted (0012: append-only).
CREATE FUNCTION books_month_totals_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM books_month_totals_add(ARRAY(
    SELECT ROW(u.property_id, b.month, b.basis, 'income', b.category, NULL, sum(b.amount), count(*))::books_change
    FROM new_rows n
    JOIN books_ledger_lines b ON b.entry_id = n.id
    JOIN leases l ON l.id = n.lease_id JOIN units u ON u.id = l.unit_id
    GROUP BY u.property_id, b.month, b.basis, b.category));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER books_month_totals_ledger AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION books_month_totals_from_ledger();
--> statement-breakpoint
-- Deposit transactions are only ever inserted (0019: append-only). Besides money received and
-- returned, a transaction that names a ledger credit for the first time (the settlement's
-- deductions and applications) makes it paid from the deposit: the credit, and its reversal if
-- any, stop counting as a credit given (accrual) and count as deposit money kept (cash).
CREATE FUNCTION books_month_totals_from_deposits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM books_month_totals_add(ARRAY(
    SELECT ROW(u.property_id, b.month, 'cash', 'deposit', b.category, NULL, sum(b.amount), count(*))::books_change
    FROM new_rows n
    JOIN books_deposit_lines b ON b.deposit_id = n.id
    JOIN leases l ON l.id = n.lease_id JOIN units u ON u.id = l.unit_id
    GROUP BY u.property_id, b.month, b.category
    UNION ALL
    SELECT ROW(u.property_id, date_trunc('month', e.entry_date)::date, i.basis, 'income', i.category, NULL,
               s.sign * i.amount, s.sign)::books_change
    FROM (SELECT DISTINCT n.ledger_entry_id AS id FROM new_rows n
          WHERE n.ledger_entry_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM deposit_transactions d
                            WHERE d.ledger_entry_id = n.ledger_entry_id
                              AND d.id NOT IN (SELECT id FROM new_rows))) named
    JOIN ledger_entries c ON c.id = named.id
    -- The credit on its date, and its reversal (if any) negatively on its own.
    CROSS JOIN LATERAL (
      SELECT c.entry_date, c.amount AS signed_amount
      UNION ALL
      SELECT r.entry_date, -r.amount FROM ledger_entries r WHERE r.reverses_id = c.id) e
    JOIN leases l ON l.id = c.lease_id JOIN units u ON u.id = l.unit_id
    CROSS JOIN (VALUES (true, 1), (false, -1)) AS s(from_deposit, sign)
    CROSS JOIN LATERAL books_income_lines(c.kind, c.category, e.signed_amount, s.from_deposit) i));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER books_month_totals_deposits AFTER INSERT ON deposit_transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION books_month_totals_from_deposits();
--> statement-breakpoint
-- An expense changed is its old rows taken out and its new rows put in.
CREATE FUNCTION books_month_totals_from_expenses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM books_month_totals_add(ARRAY(
      SELECT ROW(x.property_id, m.month, m.basis, 'expense', x.category, x.vendor_id, sum(x.amount), count(*))::books_change
      FROM new_rows x CROSS JOIN LATERAL books_expense_months(x.expense_date, x.paid_on) m
      GROUP BY x.property_id, m.month, m.basis, x.category, x.vendor_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM books_month_totals_add(ARRAY(
      SELECT ROW(x.property_id, m.month, m.basis, 'expense', x.category, x.vendor_id, sum(x.amount), count(*))::books_change
      FROM new_rows x CROSS JOIN LATERAL books_expense_months(x.expense_date, x.paid_on) m
      GROUP BY x.property_id, m.month, m.basis, x.category, x.vendor_id
      UNION ALL
      SELECT ROW(x.property_id, m.month, m.basis, 'expense', x.category, x.vendor_id, -sum(x.amount), -count(*))::books_change
      FROM old_rows x CROSS JOIN LATERAL books_expense_months(x.expense_date, x.paid_on) m
      GROUP BY x.property_id, m.month, m.basis, x.category, x.vendor_id));
  ELSE
    PERFORM books_month_totals_add(ARRAY(
      SELECT ROW(x.property_id, m.month, m.basis, 'expense', x.category, x.vendor_id, -sum(x.amount), -count(*))::books_change
      FROM old_rows x CROSS JOIN LATERAL books_expense_months(x.expense_date, x.paid_on) m
      GROUP BY x.property_id, m.month, m.basis, x.category, x.vendor_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER books_month_totals_expenses_insert AFTER INSERT ON expenses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION books_month_totals_from_expenses();
--> statement-breakpoint
CREATE TRIGGER books_month_totals_expenses_update AFTER UPDATE ON expenses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION books_month_totals_from_expenses();
--> statement-breakpoint
CREATE TRIGGER books_month_totals_expenses_delete AFTER DELETE ON expenses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION books_month_totals_from_expenses();
--> statement-breakpoint
-- A unit moved to another property takes its leases' books with it (a lease never changes unit:
-- 0024), as the reports read a lease's property through its unit.
CREATE FUNCTION books_month_totals_follow_unit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM books_month_totals_add(ARRAY(
    SELECT ROW(p.property_id, b.month, b.basis, b.side, b.category, NULL, p.sign * sum(b.amount), p.sign * count(*))::books_change
    FROM leases l
    JOIN (SELECT lease_id, month, basis, 'income' AS side, category, amount FROM books_ledger_lines
          UNION ALL
          SELECT lease_id, month, 'cash', 'deposit', category, amount FROM books_deposit_lines) b
      ON b.lease_id = l.id
    CROSS JOIN (VALUES (OLD.property_id, -1), (NEW.property_id, 1)) AS p(property_id, sign)
    WHERE l.unit_id = NEW.id
    GROUP BY p.property_id, p.sign, b.month, b.basis, b.side, b.category));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER books_month_totals_units AFTER UPDATE OF property_id ON units
  FOR EACH ROW WHEN (OLD.property_id IS DISTINCT FROM NEW.property_id)
  EXECUTE FUNCTION books_month_totals_follow_unit();
--> statement-breakpoint
-- A property given to another landlord takes its months with it.
CREATE FUNCTION books_owner_month_totals_follow_property() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO books_owner_month_totals AS t (owner_id, month, basis, side, category, vendor_id, amount, entries)
  SELECT o.owner_id, m.month, m.basis, m.side, m.category, m.vendor_id, sum(o.sign * m.amount), sum(o.sign * m.entries)
  FROM books_month_totals m
  CROSS JOIN (VALUES (OLD.user_id, -1), (NEW.user_id, 1)) AS o(owner_id, sign)
  WHERE m.property_id = NEW.id
  GROUP BY o.owner_id, m.basis, m.month, m.side, m.category, m.vendor_id
  ORDER BY o.owner_id, m.basis, m.month, m.side, m.category, m.vendor_id
  ON CONFLICT (owner_id, basis, month, side, category, (coalesce(vendor_id, 0)))
  DO UPDATE SET amount = t.amount + excluded.amount, entries = t.entries + excluded.entries;
  DELETE FROM books_owner_month_totals WHERE entries = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER books_owner_month_totals_properties AFTER UPDATE OF user_id ON properties
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION books_owner_month_totals_follow_property();
--> statement-breakpoint
-- The books already written.
INSERT INTO books_month_totals (property_id, month, basis, side, category, vendor_id, amount, entries)
  SELECT property_id, month, basis, side, category, vendor_id, amount, entries
  FROM books_month_totals_recomputed;
--> statement-breakpoint
INSERT INTO books_year_totals (property_id, year, basis, side, category, amount, entries)
  SELECT property_id, year, basis, side, category, amount, entries FROM books_year_totals_recomputed;
--> statement-breakpoint
INSERT INTO books_owner_month_totals (owner_id, month, basis, side, category, vendor_id, amount, entries)
  SELECT owner_id, month, basis, side, category, vendor_id, amount, entries
  FROM books_owner_month_totals_recomputed;
