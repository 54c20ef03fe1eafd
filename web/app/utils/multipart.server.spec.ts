import { UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import { describe, expect, it } from '@jest/globals';
import { fileField, forwardedBody, readForm, TOO_LARGE, uploadErrors } from './multipart.server';

function post(body: FormData | URLSearchParams | string, headers: HeadersInit = {}): Request {
  return new Request('http://localhost/form', { method: 'POST', body, headers });
}

describe(readForm.name, () => {
  it('reads a multipart form with its files', async () => {
    const form = new FormData();
    form.set('title', 'Squats');
    form.set('image', new File(['picture'], 'squat.png', { type: 'image/png' }));
    const read = await readForm(post(form));
    expect(read?.form.get('title')).toBe('Squats');
    const image = read ? fileField(read.form, 'image') : null;
    expect(image?.name).toBe('squat.png');
    expect(await image?.text()).toBe('picture');
    expect(read?.oversized).toEqual([]);
  });

  it('leaves out a file above the upload limit, names it, and keeps the fields after it', async () => {
    const form = new FormData();
    form.set(
      'cover_image',
      new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }),
    );
    form.set('program_name', 'Kept');
    const read = await readForm(post(form));
    expect(read?.oversized).toEqual(['cover_image']);
    expect(read?.form.has('cover_image')).toBe(false);
    expect(read?.form.get('program_name')).toBe('Kept');
  });

  it('takes an empty file input for no file', async () => {
    const form = new FormData();
    form.set('image', new File([], ''));
    const read = await readForm(post(form));
    expect(read && fileField(read.form, 'image')).toBeNull();
  });

  it('reads a URL-encoded form too, and refuses a body that is no form', async () => {
    const read = await readForm(post(new URLSearchParams({ intent: 'request-publication' })));
    expect(read?.form.get('intent')).toBe('request-publication');
    expect(await readForm(post('{}', { 'Content-Type': 'application/json' }))).toBeNull();
    expect(await readForm(post('x', { 'Content-Type': 'multipart/form-data' }))).toBeNull();
  });

  it('refuses a multipart body cut short or garbled instead of throwing', async () => {
    const garbled = post('--xyz\r\ngarbage', { 'Content-Type': 'multipart/form-data; boundary=xyz' });
    expect(await readForm(garbled)).toBeNull();
  });
});

describe(forwardedBody.name, () => {
  const form = new FormData();
  form.set('image', new File(['picture'], 'squat.png', { type: 'image/png' }));
  form.set('empty', new File([], ''));

  it('sends the values in their order, leaves out the empty ones, then the chosen file', () => {
    const body = forwardedBody(form, { title: 'Squats', description: '', id: '7' }, 'image');
    expect([...body.keys()]).toEqual(['title', 'id', 'image']);
    expect((body.get('image') as File).name).toBe('squat.png');
  });

  it('keeps the empty values when asked, and sends no file when none was chosen', () => {
    const body = forwardedBody(form, { title: 'Squats', description: '' }, 'empty', { keepEmpty: true });
    expect([...body.entries()]).toEqual([
      ['title', 'Squats'],
      ['description', ''],
    ]);
  });
});

describe(uploadErrors.name, () => {
  const error = { statusCode: 400, message: 'Bad', errors: [{ field: 'title', message: 'Too long' }] };

  it("puts a 413 on the file field and otherwise gives the API's field errors", () => {
    expect(uploadErrors({ status: 413, error }, 'image')).toEqual({ image: TOO_LARGE });
    expect(uploadErrors({ status: 400, error }, 'image')).toEqual({ title: 'Too long' });
  });
});
