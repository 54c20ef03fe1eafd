import { AddColumnsMigration } from './columns.js';

/** When a refresh token was rotated, so that a concurrent refresh with it can be given its successor (ADR 008). */
export class AddRefreshTokenRotatedAt1763750300000 extends AddColumnsMigration {
  name = 'AddRefreshTokenRotatedAt1763750300000';

  protected readonly table = 'refresh_token';
  protected readonly columns = [{ name: 'rotated_at', type: 'datetime', isNullable: true }];
}
