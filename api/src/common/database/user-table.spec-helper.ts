import type { DataSource } from 'typeorm';

/** The user table's columns that common code's database tests write and read. */
export interface Account {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
}

/**
 * The application's user entity, found by its name in the data source: common code's tests use it without
 * importing a module.
 */
export function userEntityOf(dataSource: DataSource): new () => Account {
  return dataSource.getMetadata('UserEntity').target as new () => Account;
}
