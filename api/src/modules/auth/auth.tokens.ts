export const JWT_SECRET = Symbol('JWT_SECRET');
