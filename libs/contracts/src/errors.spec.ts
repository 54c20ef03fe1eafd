import { isApiError } from './errors.js';

describe('isApiError', () => {
  it.each([
    { statusCode: 404, message: 'Not found' },
    { statusCode: 400, message: 'Invalid input', errors: [{ field: 'email', message: 'invalid email' }] },
    { statusCode: 409, message: 'Email taken', error_message: 'Email taken' },
    { statusCode: 401, message: 'Bad credentials', detail: 'Bad credentials' },
  ])('accepts %p', (body) => {
    expect(isApiError(body)).toBe(true);
  });

  it.each([
    null,
    'Not found',
    [],
    { message: 'no status' },
    { statusCode: '404', message: 'Not found' },
    { statusCode: 400, message: ['a', 'b'] },
    { statusCode: 400, message: 'Invalid input', errors: [{ field: 'email' }] },
    { statusCode: 400, message: 'Invalid input', errors: 'email' },
    { statusCode: 401, message: 'Bad credentials', detail: 401 },
  ])('refuses %p', (body) => {
    expect(isApiError(body)).toBe(false);
  });
});
