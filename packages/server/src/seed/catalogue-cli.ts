import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { countProducts, exportProductsCsv } from '../modules/catalogue/csv/export.ts';
import { importProductsCsv } from '../modules/catalogue/csv/import.ts';
import { ConfigError } from '../platform/config.ts';
import { openTool, progressBar, runTool } from './tool.ts';

const USAGE = `Usage: npm run catalogue -- export <file.csv>
       npm run catalogue -- import <file.csv>

  export   write every product, one row per variant, to the file ("-" for standard output)
  import   create or update products by handle from the file; bad rows are listed by line and
           column and their products skipped, every other product is written

The layout of the file is in docs/CATALOGUE.md. The database comes from the environment, as for the
server: DATABASE_URL (PostgreSQL) or the embedded database under DATA_DIR (stop the server first: the
embedded database has one user at a time). Image URLs of exported media start with PUBLIC_URL.
Exit status: 0 when every product was written, 2 when some were not, 1 on any other failure.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length === 0) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, file, ...rest] = positionals;
  if ((command !== 'export' && command !== 'import') || !file || rest.length)
    throw new ConfigError(`expected "export <file.csv>" or "import <file.csv>"\n\n${USAGE}`);

  const text = command === 'import' ? await readFile(file, 'utf8') : undefined;
  const { ctx, where, close } = await openTool();
  const started = Date.now();
  try {
    if (text === undefined) {
      const total = await countProducts(ctx);
      process.stderr.write(`Exporting ${total.toLocaleString('en-US')} products from ${where}\n`);
      const chunks = Readable.from(exportProductsCsv(ctx, { onProgress: progressBar(started) }));
      if (file === '-') await pipeline(chunks, process.stdout, { end: false });
      else await pipeline(chunks, createWriteStream(file));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stderr.write(`Exported ${total.toLocaleString('en-US')} products to ${file} in ${seconds}s.\n`);
      return 0;
    }
    process.stderr.write(`Importing ${file} into ${where}\n`);
    const { results, errors } = await importProductsCsv(ctx, text, { onProgress: progressBar(started) });
    for (const e of errors)
      process.stdout.write(`${file}:${e.line}${e.column ? ` [${e.column}]` : ''}: ${e.message}\n`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Created ${results.created}, updated ${results.updated}, failed ${results.failed} products in ${seconds}s${errors.length ? `; ${errors.length} errors above` : ''}.\n`,
    );
    return results.failed > 0 || errors.length > 0 ? 2 : 0;
  } finally {
    await close();
  }
}

runTool(main);
