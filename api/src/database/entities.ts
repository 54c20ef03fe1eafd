import { UserEntity } from '../modules/users/user.entity.js';

/** Every entity, listed explicitly so the app, the CLI and the tests load the same schema without globbing. */
export const entities = [UserEntity];
