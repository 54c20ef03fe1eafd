import type { APIRequestContext } from '@playwright/test';
import { plainImage } from '../../fixtures/images.js';
import { uniqueWord } from '../../fixtures/words.js';
import {
  type Account,
  accessToken,
  expect,
  newAccount,
  superuserAuth,
  verificationLinkFor,
} from './accounts.js';

/*
 * Catalogue data made through the API, for the tests whose subject is a page rather than the forms that make it.
 * Each helper makes new rows, so tests never share data.
 */

export interface ApiAccount extends Account {
  auth: Record<string, string>;
}

export type Names = Partial<Pick<Account, 'firstName' | 'lastName'>>;

/** Registers `account` through the API: it waits for its verification link. */
export async function apiRegister(request: APIRequestContext, account: Account): Promise<void> {
  const registered = await request.post('/api/users/register/', {
    data: {
      first_name: account.firstName,
      last_name: account.lastName,
      email: account.email,
      password: account.password,
    },
  });
  expect(registered.status()).toBe(201);
}

/** A registered, verified account, signed in through the API. */
export async function apiAccount(request: APIRequestContext, names: Names = {}): Promise<ApiAccount> {
  const account = { ...newAccount(), ...names };
  await apiRegister(request, account);
  const token = decodeURIComponent((await verificationLinkFor(account.email)).replace('/verify/', ''));
  const verified = await request.post('/api/users/email_verification/', { data: { token } });
  expect(verified.status()).toBe(201);
  const access = await accessToken(request, account.email, account.password);
  return { ...account, auth: { Authorization: `Bearer ${access}` } };
}

export interface TrainerFields {
  specalized: string;
  about: string;
  certifications: string;
}

/** A new account made a trainer, with a profile picture when given; returns the account and the trainer's id. */
export async function apiTrainer(
  request: APIRequestContext,
  fields: Partial<TrainerFields> & { picture?: Buffer } = {},
  names: Names = {},
): Promise<{ account: ApiAccount; trainerId: number }> {
  const account = await apiAccount(request, names);
  const created = await request.post('/api/trainers/TrainerProfileCreation/', {
    headers: account.auth,
    multipart: {
      specalized: fields.specalized ?? 'Yoga',
      phone: '9876543210',
      certifications: fields.certifications ?? 'RYT-200',
      experience_years: '6',
      country: 'India',
      about: fields.about ?? 'Yoga teacher for everybody.',
      ...(fields.picture && {
        profile_picture: { name: 'me.png', mimeType: 'image/png', buffer: fields.picture },
      }),
    },
  });
  expect(created.status()).toBe(201);
  const own = await request.get('/api/trainers/getTrainer/', { headers: account.auth });
  const { data } = (await own.json()) as { data: { id: number } };
  return { account, trainerId: data.id };
}

export interface ProgramFields {
  program_name: string;
  description: string;
  duration: number;
  price: number;
  currency: string;
  category: string;
  level: string;
  unlock: 'all' | 'daily';
}

/**
 * A programme of the trainer signed in as `auth`, with a cover unless `cover` is null; unpublished, as every new
 * programme is.
 */
export async function apiProgram(
  request: APIRequestContext,
  auth: Record<string, string>,
  fields: Partial<ProgramFields> & { cover?: Buffer | null } = {},
): Promise<number> {
  const created = await request.post('/api/fitness_programs/create/', {
    headers: auth,
    multipart: {
      program_name: fields.program_name ?? `Programme ${uniqueWord()}`,
      description: fields.description ?? 'Thirty days of steady practice.',
      duration: String(fields.duration ?? 30),
      price: String(fields.price ?? 499),
      currency: fields.currency ?? 'USD',
      category: fields.category ?? 'Yoga',
      level: fields.level ?? 'Beginner',
      unlock: fields.unlock ?? 'all',
      ...(fields.cover !== null && {
        cover_image: {
          name: 'cover.png',
          mimeType: 'image/png',
          buffer: fields.cover ?? (await plainImage(320, 180)),
        },
      }),
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Asks for the publication of programmes as their trainer, who is signed in as `auth`. */
export async function requestPublication(
  request: APIRequestContext,
  auth: Record<string, string>,
  ids: number[],
) {
  for (const id of ids) {
    const asked = await request.get(`/api/fitness_programs/publishRequest/${id}/`, { headers: auth });
    expect(asked.status()).toBe(200);
  }
}

/** Publishes programmes as a superuser, as the admin panel's "publish" does (docs/product.md §4). */
export async function publishPrograms(request: APIRequestContext, ids: number[]) {
  const asAdmin = await superuserAuth(request);
  for (const id of ids) {
    const published = await request.get(`/api/fitness_programs/publishprogram/${id}/`, { headers: asAdmin });
    expect(await published.json()).toEqual({ message: 'Program Published' });
  }
}
