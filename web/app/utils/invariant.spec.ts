import { describe, expect, it } from '@jest/globals';
import { dataOrThrow, invariantResponse } from './invariant';

async function thrown(run: () => unknown): Promise<{ status: number; text: string }> {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, text: await error.text() };
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe(invariantResponse.name, () => {
  it('lets a true condition through', () => {
    expect(() => invariantResponse(1, 'Not Found', { status: 404 })).not.toThrow();
  });

  it('throws the message with the given status for the error boundary', async () => {
    await expect(thrown(() => invariantResponse(null, 'Not Found', { status: 404 }))).resolves.toEqual({
      status: 404,
      text: 'Not Found',
    });
  });

  it('is a 400 unless told otherwise', async () => {
    await expect(thrown(() => invariantResponse(false, 'Bad'))).resolves.toEqual({
      status: 400,
      text: 'Bad',
    });
  });
});

describe(dataOrThrow.name, () => {
  it('returns the data of a successful answer', () => {
    expect(dataOrThrow({ ok: true, status: 200, data: { id: 3 } })).toEqual({ id: 3 });
  });

  it("throws a refusal in the API's words with its status", async () => {
    const refusal = { ok: false as const, status: 403, error: { statusCode: 403, message: 'Not yours' } };
    await expect(thrown(() => dataOrThrow(refusal))).resolves.toEqual({ status: 403, text: 'Not yours' });
  });
});
