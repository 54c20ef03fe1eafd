import { describe, expect, it, jest } from '@jest/globals';
import { JSON_BODY_MAX_BYTES, UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import { bodyLimit, limitedRequest } from './body-limit.js';

describe(bodyLimit.name, () => {
  it.each([
    '/userProfile',
    '/trainerRegister',
    '/trainerDashboard',
    '/TrainerDashboard/',
    '/userprofile.data',
  ])('lets the picture forms of %s carry a picture and their other fields', (path) => {
    expect(bodyLimit(path)).toBe(UPLOAD_MAX_BYTES + JSON_BODY_MAX_BYTES);
  });

  it.each([
    '/login',
    '/register',
    '/verify/abc',
    '/',
    '/userProfile/x',
    '/x/userProfile',
    '/api/users/updateUser/',
  ])('keeps %s to the API limit of a form', (path) => {
    expect(bodyLimit(path)).toBe(JSON_BODY_MAX_BYTES);
  });
});

describe(limitedRequest.name, () => {
  const post = (body: string) => new Request('http://localhost/login', { method: 'POST', body });

  it('passes a body within the limit through whole', async () => {
    const onTooLarge = jest.fn();
    const request = limitedRequest(post('email=a%40b.c'), 13, onTooLarge);
    expect(await request.text()).toBe('email=a%40b.c');
    expect(onTooLarge).not.toHaveBeenCalled();
    expect(request.signal.aborted).toBe(false);
  });

  it('fails the body once it goes over the limit, answers once and aborts the request', async () => {
    const onTooLarge = jest.fn();
    const request = limitedRequest(post('email=a%40b.c'), 12, onTooLarge);
    await expect(request.text()).rejects.toThrow('The request body is over 12 bytes');
    expect(onTooLarge).toHaveBeenCalledTimes(1);
    expect(request.signal.aborted).toBe(true);
  });

  it('leaves a request without a body as it is', () => {
    const request = new Request('http://localhost/');
    expect(limitedRequest(request, 0, jest.fn())).toBe(request);
  });
});
