import { CreateUser1763750000000 } from './1763750000000-CreateUser.js';

/** Every migration in order; TypeORM sorts by the timestamp in the class name. */
export const migrations = [CreateUser1763750000000];
