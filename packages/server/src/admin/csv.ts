import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';

/**
 * A back-office export as a CSV file, for the routes declared `file: 'csv'` (admin/route.ts): the
 * route's handler answers one and admin/index.ts sends it as an attachment instead of an envelope.
 * UTF-8 with a byte-order mark first, so Excel reads the Chinese headers and names; CRLF rows and
 * quoting as RFC 4180 asks, by csv-stringify rather than by hand.
 */
export class CsvFile {
  constructor(
    /** ASCII only: it goes into the content-disposition header as is */
    readonly filename: string,
    readonly body: string,
  ) {}
}

const BOM = '\uFEFF';

export function csvFile(filename: string, header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): CsvFile {
  if (!/^[\w.-]+$/.test(filename)) throw new Error(`csv: bad file name ${filename}`);
  return new CsvFile(filename, BOM + stringify([header as string[], ...(rows as Array<Array<string | number>>)], { record_delimiter: 'windows' }));
}

export function sendCsv(reply: FastifyReply, file: CsvFile): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}
