import type { CsvImportError, CsvImportProduct, CsvImportResult } from '@aisle/sdk';
import { useEffect, useRef, useState } from 'react';
import { ErrorNotice, Notice } from '../components/form.ts';
import { ListTable, type ListTableProps } from '../components/list-table.tsx';
import { adminError, type ShownError } from '../lib/errors.ts';
import { plural } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { Panel } from '../components/panel.tsx';

/** Rows of a plan or result shown on the page; the counts above always cover the whole file. */
const SHOWN_ROWS = 100;

const ACTION: Record<CsvImportProduct['action'], { planned: string; done: string }> = {
  CREATE: { planned: 'Will be created', done: 'Created' },
  UPDATE: { planned: 'Will be updated', done: 'Updated' },
  FAIL: { planned: 'Will not be imported', done: 'Not imported' },
};

/** A list of a plan or result under its heading: its first rows, saying so when there are more. */
function FirstRows<T>({ title, noun, rows, ...table }: ListTableProps<T> & { title: string; noun: string }) {
  if (rows.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ListTable<T> {...table} rows={rows.slice(0, SHOWN_ROWS)} />
      {rows.length > SHOWN_ROWS && (
        <p className="muted small">
          The first {SHOWN_ROWS} of {rows.length} {noun} are shown.
        </p>
      )}
    </>
  );
}

/** The products of a plan or result, and the problems by line and column. */
function Outcome({ result }: { result: CsvImportResult }) {
  const { products, errors } = result;
  const when = result.dryRun ? 'planned' : 'done';
  return (
    <div className="stack">
      <FirstRows<CsvImportError>
        title="Problems in the file"
        noun="problems"
        caption="Problems in the file, by line and column"
        columns={[
          { label: 'Line', className: 'num', primary: true, cell: (e) => String(e.line) },
          { label: 'Column', cell: (e) => e.column || 'Whole row' },
          { label: 'Problem', className: 'wrap', cell: (e) => e.message },
        ]}
        rows={errors}
        rowKey={(e) => `${e.line}-${e.column}-${e.message}`}
        rowTestId="import-error"
      />
      <FirstRows<CsvImportProduct>
        title="Products"
        noun="products"
        caption="Products of the file"
        columns={[
          { label: 'Line', className: 'num', cell: (p) => String(p.line) },
          { label: 'Handle', primary: true, className: 'wrap', cell: (p) => p.handle },
          { label: 'Name', className: 'wrap', cell: (p) => p.name ?? '' },
          {
            label: result.dryRun ? 'Plan' : 'Outcome',
            cell: (p) => (
              <span
                className={`status-badge ${p.action === 'FAIL' ? 'status-bad' : p.action === 'CREATE' ? 'status-ok' : 'status-info'}`}
                data-testid="import-action"
              >
                {ACTION[p.action][when]}
              </span>
            ),
          },
        ]}
        rows={products}
        rowKey={(p) => p.handle}
        rowTestId="import-product"
      />
    </div>
  );
}

/** What the page is doing: checking the file, importing it or exporting the catalogue. */
type Task = 'check' | 'import' | 'export';

/**
 * Products as CSV: choose a file, check it (a dry run: what would be created and updated, and every problem
 * by line and column, nothing written), then import it with a progress bar; or download the whole catalogue.
 */
export function CatalogueCsv() {
  usePageTitle('Import and export');
  const [file, setFile] = useState<File | undefined>();
  const [busy, setBusy] = useState<Task | undefined>();
  const [plan, setPlan] = useState<CsvImportResult | undefined>();
  const [result, setResult] = useState<CsvImportResult | undefined>();
  const [progress, setProgress] = useState<{ done: number; total: number } | undefined>();
  const [error, setError] = useState<ShownError | undefined>();
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (plan || result) outcome.current?.focus();
  }, [plan, result]);

  /** One task of the page at a time: the others wait, and its failure is shown (`failure`: what to say). */
  async function run(task: Task, work: () => Promise<void>, failure?: string) {
    setBusy(task);
    setError(undefined);
    try {
      await work();
    } catch (e) {
      setError(adminError(e, failure));
    } finally {
      setBusy(undefined);
    }
  }

  async function check() {
    if (!file) {
      setError({ message: 'Choose a CSV file first.' });
      return;
    }
    await run('check', async () => {
      setPlan(undefined);
      setResult(undefined);
      setPlan(await requireClient().catalogueCsv.importProducts(file, { dryRun: true }));
    });
  }

  async function runImport() {
    if (!file) return;
    setProgress({ done: 0, total: plan ? plan.results.created + plan.results.updated : 0 });
    await run(
      'import',
      async () => {
        const done = await requireClient().catalogueCsv.importProducts(file, {
          onProgress: (n, total) => setProgress({ done: n, total }),
        });
        setPlan(undefined);
        setResult(done);
      },
      'The import stopped. Check the products list: products written so far stay.',
    );
    setProgress(undefined);
  }

  async function runExport() {
    await run('export', async () => {
      const text = await requireClient().catalogueCsv.exportProducts();
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'products.csv';
      link.click();
      URL.revokeObjectURL(url);
    });
  }

  /** The button of a task: off while any runs, saying what it does while its own runs. */
  const taskButton = (
    task: Task,
    tone: 'primary' | 'secondary',
    start: () => Promise<void>,
    label: string,
    pending: string,
  ) => (
    <button
      type="button"
      className={`button button-${tone}`}
      disabled={busy !== undefined}
      onClick={() => void start()}
    >
      {busy === task ? pending : label}
    </button>
  );

  const good = plan ? plan.results.created + plan.results.updated : 0;
  return (
    <div className="stack narrow-panel">
      <h1>Import and export</h1>
      <Panel id="import-title" title="Import products">
        <p className="muted small">
          One row per variant; products are matched by their Handle (URL slug): new handles are created, known
          ones updated. Download an export to see the columns. The file is checked first and nothing is
          written until you import it.
        </p>
        <div className="field">
          <label htmlFor="csv-file">CSV file</label>
          <input
            id="csv-file"
            type="file"
            accept=".csv,text/csv"
            disabled={busy === 'import'}
            onChange={(e) => {
              setFile(e.target.files?.[0]);
              setPlan(undefined);
              setResult(undefined);
              setError(undefined);
            }}
          />
        </div>
        {!plan && taskButton('check', 'primary', check, 'Check the file', 'Checking the file…')}
        <ErrorNotice error={error} />
        {plan && (
          <div className="stack" data-testid="import-plan" ref={outcome} tabIndex={-1}>
            <Notice tone={plan.results.failed ? 'info' : 'success'}>
              Checked, nothing written yet: {plural(plan.results.created, 'product')} will be created,{' '}
              {plan.results.updated} updated, {plan.results.failed} will not be imported.
            </Notice>
            <p className="muted small">
              Picture URLs are read during the import: a picture that cannot be read leaves its product out
              then.
            </p>
            {busy === 'import' && progress ? (
              <div className="field" aria-live="polite">
                <label htmlFor="import-progress">
                  Importing: {progress.done} of {plural(progress.total, 'product')}
                </label>
                <progress id="import-progress" value={progress.done} max={Math.max(progress.total, 1)} />
              </div>
            ) : (
              <div className="actions">
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy !== undefined || good === 0}
                  onClick={() => void runImport()}
                >
                  {`Import ${plural(good, 'product')}`}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy !== undefined}
                  onClick={() => {
                    setPlan(undefined);
                    setError(undefined);
                  }}
                >
                  Cancel
                </button>
              </div>
            )}
            <Outcome result={plan} />
          </div>
        )}
        {result && (
          <div className="stack" data-testid="import-result" ref={outcome} tabIndex={-1}>
            <Notice tone={result.results.failed ? 'info' : 'success'}>
              {result.results.created} created, {result.results.updated} updated, {result.results.failed} not
              imported.
            </Notice>
            <Outcome result={result} />
          </div>
        )}
      </Panel>
      <Panel id="export-title" title="Export products">
        <p className="muted small">Every product with its variants and stock, one row per variant.</p>
        {taskButton('export', 'secondary', runExport, 'Download products.csv', 'Preparing the file…')}
      </Panel>
    </div>
  );
}
