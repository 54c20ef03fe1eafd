import { Readable, pipeline } from 'node:stream';
import { Logger, StreamableFile } from '@nestjs/common';
import { stringify } from 'csv-stringify';

const logger = new Logger('CsvFile');

/**
 * A CSV download, written row by row as `rows` yields them, so a long history never sits in memory. A text cell
 * that starts like a formula (`=`, `+`, `-`, `@`) is prefixed with `'`, so a spreadsheet shows it instead of
 * running it (OWASP's CSV injection); the byte order mark tells spreadsheets the file is UTF-8, and lines end in
 * CRLF as RFC 4180 has it.
 */
export function csvFile(
  fileName: string,
  columns: readonly string[],
  rows: AsyncIterable<readonly unknown[]>,
): StreamableFile {
  const csv = stringify({
    header: true,
    columns: [...columns],
    escape_formulas: true,
    bom: true,
    record_delimiter: 'windows',
  });
  pipeline(Readable.from(rows), csv, (error) => {
    if (error) logger.error(`${fileName} cut short: ${error.message}`);
  });
  return new StreamableFile(csv, {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${fileName}"`,
  });
}
