import type {
  DataSource,
  FindManyOptions,
  FindOneOptions,
  ObjectLiteral,
  Repository,
  SelectQueryBuilder,
} from 'typeorm';

const shapesOf = new WeakMap<DataSource, Map<string, string>>();

/** Under tests every call builds its SQL anyway and fails when it differs from the one kept under its name. */
const checked = () => process.env.NODE_ENV === 'test';

/**
 * Builds the SQL of the query named `shape` once per data source, then reuses it. A query's SQL depends on its
 * shape (tables, joins, columns, conditions, order), not on its parameters, which are bound apart at every call;
 * building it was most of a short query's cost on the API's thread (docs/performance.md). One name stands for one
 * shape: a query whose limit or optional conditions vary from call to call, or whose find options hold a list
 * (`In`, a parameter per item), must not be named here.
 */
export function builtOnce<Q extends SelectQueryBuilder<ObjectLiteral>>(shape: string, query: Q): Q {
  let shapes = shapesOf.get(query.connection);
  if (shapes === undefined) {
    shapes = new Map();
    shapesOf.set(query.connection, shapes);
  }
  let sql = shapes.get(shape);
  if (sql === undefined) {
    sql = query.getQuery();
    shapes.set(shape, sql);
  } else if (checked() && query.getQuery() !== sql) {
    throw new Error(`The query "${shape}" was built in another shape than its first one`);
  }
  const kept = sql;
  query.getQuery = () => kept;
  return query;
}

/** `repository.find(options)`, its SQL built once (`builtOnce`). */
export async function findBuiltOnce<E extends ObjectLiteral>(
  shape: string,
  repository: Repository<E>,
  options: FindManyOptions<E>,
): Promise<E[]> {
  return builtOnce(
    shape,
    repository.createQueryBuilder(repository.metadata.name).setFindOptions(options),
  ).getMany();
}

/** `repository.findOne(options)`, its SQL built once (`builtOnce`). */
export async function findOneBuiltOnce<E extends ObjectLiteral>(
  shape: string,
  repository: Repository<E>,
  options: FindOneOptions<E>,
): Promise<E | null> {
  return builtOnce(
    shape,
    repository.createQueryBuilder(repository.metadata.name).setFindOptions({ ...options, take: 1 }),
  ).getOne();
}
