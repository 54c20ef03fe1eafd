import { AddColumnsMigration } from './columns.js';

/**
 * Why a superuser rejected a programme (docs/product.md §4): kept on its publish request, read by its trainer, and
 * cleared when the programme is submitted again.
 */
export class AddPublishRequestReason1764028800000 extends AddColumnsMigration {
  name = 'AddPublishRequestReason1764028800000';

  protected readonly table = 'publish_request';
  // Text rather than varchar(500): the DTO's 500 characters count an emoji with its variation selector as one.
  protected readonly columns = [{ name: 'reason', type: 'text', isNullable: true }];
}
