import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Expenses and payroll runs (docs/api.md 7), each booked as a finance `expense` transaction, and the
 * index the finance ledger is read by: the booking date (`occurred_on`, a date of the business) is
 * what GET /finance/transactions filters on and GET /finance/summary sums over, whatever time the row
 * was written (an expense can be entered for an earlier day). Type and amount are included so the
 * summary is an index-only range scan. Like the other ledger tables, no foreign key to `businesses`.
 */
export class MoneySide1763800005000 implements MigrationInterface {
  name = 'MoneySide1763800005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE expenses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        amount numeric(14,2) NOT NULL CHECK (amount > 0),
        category text NOT NULL,
        description text,
        expense_date date NOT NULL,
        finance_transaction_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX expenses_business_date_idx ON expenses (business_id, expense_date DESC, created_at DESC);

      CREATE TABLE payroll_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        period_start date NOT NULL,
        period_end date NOT NULL,
        total numeric(14,2) NOT NULL CHECK (total > 0),
        employee_count integer NOT NULL CHECK (employee_count > 0),
        finance_transaction_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (period_end >= period_start)
      );
      CREATE INDEX payroll_runs_business_created_idx ON payroll_runs (business_id, created_at DESC);

      CREATE TABLE payroll_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        run_id uuid NOT NULL REFERENCES payroll_runs(id),
        line_no integer NOT NULL,
        employee_name text NOT NULL,
        amount numeric(14,2) NOT NULL CHECK (amount > 0)
      );
      CREATE INDEX payroll_items_run_idx ON payroll_items (business_id, run_id, line_no);

      CREATE INDEX finance_transactions_business_day_idx
        ON finance_transactions (business_id, occurred_on DESC, created_at DESC) INCLUDE (type, amount);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX IF EXISTS finance_transactions_business_day_idx;
      DROP TABLE IF EXISTS payroll_items, payroll_runs, expenses;
    `);
  }
}
