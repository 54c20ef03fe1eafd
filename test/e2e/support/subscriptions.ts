import type { APIRequestContext } from '@playwright/test';
import { expect } from './accounts.js';

/*
 * Lessons and subscriptions made through the API, for the tests whose subject is the lesson player or the
 * dashboard rather than the forms and the checkout that make them.
 */

export interface LessonFields {
  number: number;
  title: string;
  videoId: string;
  description?: string;
}

/** Adds lessons to the programme of the trainer signed in as `auth`. */
export async function apiLessons(
  request: APIRequestContext,
  auth: Record<string, string>,
  programId: number,
  lessons: LessonFields[],
): Promise<void> {
  for (const lesson of lessons) {
    const created = await request.post(`/api/fitness_programs/createLesson/${programId}/`, {
      headers: auth,
      multipart: {
        title: lesson.title,
        lesson_number: String(lesson.number),
        video_url: `https://www.youtube.com/watch?v=${lesson.videoId}`,
        description: lesson.description ?? `${lesson.title}, step by step.`,
      },
    });
    expect(created.status()).toBe(201);
  }
}

/**
 * Buys the programme for the member signed in as `auth` with the test-payment provider, as the details page's
 * "Pay (test payment)" does: create the order, then capture it (the test provider approves at once).
 */
export async function apiSubscribe(
  request: APIRequestContext,
  auth: Record<string, string>,
  programId: number,
): Promise<void> {
  const order = await request.post('/api/payments/paypal/orders/', {
    headers: auth,
    data: { program_id: programId },
  });
  expect(order.status()).toBe(201);
  const { id } = (await order.json()) as { id: string };
  const captured = await request.post(`/api/payments/paypal/orders/${encodeURIComponent(id)}/capture/`, {
    headers: auth,
  });
  expect(captured.status()).toBe(200);
}
