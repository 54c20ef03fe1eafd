import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { TableWrites, touches } from './table-writes.js';

/** What a load produced, and whether it may be served to the next anonymous visitor. */
export interface Loaded<T> {
  value: T;
  cacheable: boolean;
}

/** Writes to these tables never change what an anonymous visitor sees (sessions, e-mail links). */
const PRIVATE_TABLES = new Set(['refresh_token', 'email_verification']);

/** About 50 KB a page: at most some 25 MB, even for a crawler walking every filter and page. */
const MAX_ENTRIES = 500;

/**
 * How long past PUBLIC_CACHE_MS an answer as sent may still go out while one request renders its successor: about
 * the slowest render, so that a refresh that never ends (a client gone, an error) cannot keep an old answer alive.
 */
export const STALE_ANSWER_MS = 5000;

/** Starts the key of an answer kept for one caller only: their credentials are part of the key (./fast-lane.ts). */
export const CALLER_KEY_PREFIX = 'caller ';

/** A signed-in caller's pages: a few thousand members' last pages, and never more than this many bytes. */
const MAX_CALLER_ENTRIES = 5000;
const MAX_CALLER_BYTES = 48 * 1024 * 1024;

interface KeptAnswer {
  answer: object;
  keptAt: number;
  bytes: number;
}

/**
 * What the fast lane finds for a key: the answer to send, or nothing; `refreshing` when this request is the one
 * that renders the next answer, to be called once its response is over.
 */
export interface AnswerLookup<T> {
  answer?: T;
  refreshing?: () => void;
}

/**
 * A few seconds' memory of the answers anonymous visitors get from the public catalogue (ADR 010): the same
 * page for everyone, so one render serves all who ask within the TTL. Any write through TypeORM to a table that
 * public pages show empties it (`TableWrites`), on this process at once and on the other instances of a
 * scaled-out deployment when the write's message reaches them through Redis (ADR 026).
 */
@Injectable()
export class ResponseCache implements OnModuleInit, OnApplicationShutdown {
  private readonly entries: LRUCache<string, object> | undefined;
  /** The same answers as sent, headers and bytes, for the fast lane (./fast-lane.ts), with when they were kept. */
  private readonly answers: LRUCache<string, KeptAnswer> | undefined;
  /** The answers kept for one signed-in caller each (ADR 041), for SIGNED_IN_CACHE_MS. */
  private readonly callerAnswers: LRUCache<string, KeptAnswer> | undefined;
  /** The keys whose stale answer one request is rendering again. */
  private readonly refreshing = new Set<string>();
  private readonly answerMs: number;
  private readonly callerAnswerMs: number;
  private readonly inFlight = new Map<string, Promise<Loaded<unknown>>>();
  private generation = 0;
  private stopWatching: (() => void) | undefined;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly tableWrites: TableWrites,
  ) {
    this.entries =
      config.publicCacheMs > 0
        ? new LRUCache<string, object>({ max: MAX_ENTRIES, ttl: config.publicCacheMs, ttlAutopurge: true })
        : undefined;
    this.answerMs = config.publicCacheMs;
    this.answers =
      config.publicCacheMs > 0
        ? new LRUCache<string, KeptAnswer>({
            max: MAX_ENTRIES,
            ttl: config.publicCacheMs + STALE_ANSWER_MS,
            ttlAutopurge: true,
          })
        : undefined;
    this.callerAnswerMs = config.signedInCacheMs;
    this.callerAnswers =
      config.signedInCacheMs > 0
        ? new LRUCache<string, KeptAnswer>({
            max: MAX_CALLER_ENTRIES,
            maxSize: MAX_CALLER_BYTES,
            sizeCalculation: (kept) => Math.max(1, kept.bytes),
            ttl: config.signedInCacheMs + STALE_ANSWER_MS,
            ttlAutopurge: true,
          })
        : undefined;
  }

  /** Counts the invalidations: an answer built under an older one must not be kept. */
  get generationNow(): number {
    return this.generation;
  }

  /** Whether anything is remembered at all (PUBLIC_CACHE_MS above 0). */
  get enabled(): boolean {
    return this.entries !== undefined;
  }

  /** Whether answers as sent are kept for the fast lane: public ones, or each signed-in caller's own. */
  get keepsAnswers(): boolean {
    return this.answers !== undefined || this.callerAnswers !== undefined;
  }

  /**
   * The answer kept for `key`, as it was sent, for PUBLIC_CACHE_MS. Past that it is stale: the first request to find
   * it so gets none and `refreshing` (it renders the next answer); the requests that come while it does get the stale
   * answer rather than each rendering the same page again, for at most STALE_ANSWER_MS. A write forgets every answer
   * at once (`invalidate`), so a stale answer is never one that a change made wrong. A request that may not be sent a
   * shared answer (`mayRefresh` false) never becomes the one that renders it again. A caller's own answer (its key
   * starts with CALLER_KEY_PREFIX) is kept for SIGNED_IN_CACHE_MS in the same way.
   */
  lookupAnswer<T extends object>(key: string, mayRefresh = true, now = performance.now()): AnswerLookup<T> {
    const caller = key.startsWith(CALLER_KEY_PREFIX);
    // A caller's own answer is only trusted while every instance's writes are heard (as sessions, ADR 028).
    if (caller && !this.tableWrites.hearsEveryWrite) return {};
    const kept = (caller ? this.callerAnswers : this.answers)?.get(key);
    if (!kept) return {};
    const answer = kept.answer as T;
    const freshMs = caller ? this.callerAnswerMs : this.answerMs;
    if (now - kept.keptAt < freshMs || this.refreshing.has(key)) return { answer };
    if (!mayRefresh) return {};
    this.refreshing.add(key);
    const generation = this.generation;
    return {
      refreshing: () => {
        if (generation === this.generation) this.refreshing.delete(key);
      },
    };
  }

  /** Keeps an answer as sent (about `bytes` in memory), unless a write happened since `generation` was read. */
  keepAnswer(key: string, generation: number, answer: object, bytes: number): void {
    if (generation !== this.generation) return;
    const caller = key.startsWith(CALLER_KEY_PREFIX);
    if (caller && !this.tableWrites.hearsEveryWrite) return;
    const answers = caller ? this.callerAnswers : this.answers;
    answers?.set(key, { answer, keptAt: performance.now(), bytes });
    this.refreshing.delete(key);
  }

  onModuleInit(): void {
    if (!this.entries) return;
    this.stopWatching = this.tableWrites.watch((tables) => {
      if (touches(tables, (table) => !PRIVATE_TABLES.has(table))) this.invalidate();
    });
  }

  onApplicationShutdown(): void {
    this.stopWatching?.();
  }

  /**
   * The remembered value for `key`, else what `load` produces (remembered when cacheable and no write happened
   * while it ran). Visitors asking for the same key at once share one load when its result is cacheable.
   */
  async remember<T extends object>(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
    if (!this.entries) return (await load()).value;
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit as T;
    const flight = this.inFlight.get(key) as Promise<Loaded<T>> | undefined;
    if (flight) {
      const shared = await flight.catch(() => undefined);
      return shared?.cacheable ? shared.value : (await load()).value;
    }
    const generation = this.generation;
    const loading = load();
    this.inFlight.set(key, loading);
    try {
      const loaded = await loading;
      if (loaded.cacheable && generation === this.generation) this.entries.set(key, loaded.value);
      return loaded.value;
    } finally {
      if (this.inFlight.get(key) === loading) this.inFlight.delete(key);
    }
  }

  /** Forgets everything, including loads still running: they read the data as it was before the write. */
  invalidate(): void {
    this.generation += 1;
    this.entries?.clear();
    this.answers?.clear();
    this.callerAnswers?.clear();
    this.refreshing.clear();
    this.inFlight.clear();
  }
}
