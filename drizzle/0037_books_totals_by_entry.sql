-- The books' totals of a statement's new ledger entries (0031, 0032). The planner knows nothing
-- of a transition table's size: joined as sets, it hashed every ledger entry and every lease
-- for each insert, a cost that grew with the ledger's whole history even for a statement of a
-- few hundred rows (a rent run's step, a payment). A statement of up to 2,000 rows now reads
-- each new row's line (books_ledger_lines) and property along their primary keys (OFFSET 0
-- keeps each lookup a subquery of its own row); a bulk insert keeps the set join, cheaper there.
CREATE OR REPLACE FUNCTION books_month_totals_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM new_rows) <= 2000 THEN
    PERFORM books_month_totals_add(ARRAY(
      SELECT ROW(p.property_id, b.month, b.basis, 'income', b.category, NULL, sum(b.amount), count(*))::books_change
      FROM new_rows n
      CROSS JOIN LATERAL (
        SELECT b.month, b.basis, b.category, b.amount FROM books_ledger_lines b
        WHERE b.entry_id = n.id OFFSET 0) b
      CROSS JOIN LATERAL (
        SELECT u.property_id FROM leases l JOIN units u ON u.id = l.unit_id
        WHERE l.id = n.lease_id OFFSET 0) p
      GROUP BY p.property_id, b.month, b.basis, b.category));
  ELSE
    PERFORM books_month_totals_add(ARRAY(
      SELECT ROW(u.property_id, b.month, b.basis, 'income', b.category, NULL, sum(b.amount), count(*))::books_change
      FROM new_rows n
      JOIN books_ledger_lines b ON b.entry_id = n.id
      JOIN leases l ON l.id = n.lease_id JOIN units u ON u.id = l.unit_id
      GROUP BY u.property_id, b.month, b.basis, b.category));
  END IF;
  RETURN NULL;
END $$;
