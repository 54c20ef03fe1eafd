import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { RedisAdapter } from '@socket.io/redis-adapter';
import { CHAT_IMAGE_MAX_BYTES } from '@fitcoach/contracts';
import { Redis } from 'ioredis';
import type { Namespace, Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/app-config.js';
import { REALTIME_EVENTS } from './realtime.service.js';

/** An image as base64 (4/3 of its bytes) with room for the rest of the payload. */
export const SOCKET_MAX_BYTES = Math.ceil((CHAT_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

export const CLUSTER_LOOKUP_MS = 2000;

type BroadcastOptions = Parameters<RedisAdapter['broadcast']>[1];

const localOnly = (opts: BroadcastOptions): BroadcastOptions => ({
  ...opts,
  flags: { ...opts.flags, local: true },
});

/**
 * This instance's own rooms while Redis is away (ADR 034), where the plain adapter would queue
 * broadcasts and hang lookups until Redis came back.
 */
export class LocalWhileAwayAdapter extends RedisAdapter {
  private readonly lookupLog = new Logger(LocalWhileAwayAdapter.name);

  constructor(
    nsp: Namespace,
    publisher: Redis,
    subscriber: Redis,
    key: string,
    private readonly linked: () => boolean,
  ) {
    super(nsp, publisher, subscriber, { key, requestsTimeout: CLUSTER_LOOKUP_MS });
  }

  override broadcast(packet: unknown, opts: BroadcastOptions): void {
    super.broadcast(packet, this.scoped(opts));
  }

  override broadcastWithAck(
    packet: unknown,
    opts: BroadcastOptions,
    clientCountCallback: (clientCount: number) => void,
    ack: (...args: unknown[]) => void,
  ): void {
    super.broadcastWithAck(packet, this.scoped(opts), clientCountCallback, ack);
  }

  override addSockets(opts: BroadcastOptions, rooms: string[]): void {
    super.addSockets(this.scoped(opts), rooms);
  }

  override delSockets(opts: BroadcastOptions, rooms: string[]): void {
    super.delSockets(this.scoped(opts), rooms);
  }

  override disconnectSockets(opts: BroadcastOptions, close: boolean): void {
    super.disconnectSockets(this.scoped(opts), close);
  }

  override async fetchSockets(opts: BroadcastOptions): Promise<unknown[]> {
    const scoped = this.scoped(opts);
    if (scoped.flags?.local) return super.fetchSockets(scoped);
    let timer: NodeJS.Timeout | undefined;
    const unanswered = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), CLUSTER_LOOKUP_MS);
    });
    try {
      const sockets = await Promise.race([super.fetchSockets(scoped), unanswered]);
      if (sockets) return sockets;
      this.lookupLog.warn('Redis did not answer a lookup of sockets in time: this instance answered alone');
    } catch (error) {
      this.lookupLog.warn(
        `A lookup of sockets through Redis failed (${(error as Error).message}): this instance answered alone`,
      );
    } finally {
      clearTimeout(timer);
    }
    return super.fetchSockets(localOnly(opts));
  }

  private scoped(opts: BroadcastOptions): BroadcastOptions {
    return this.linked() ? opts : localOnly(opts);
  }
}

/** `prefix` keeps apps sharing a Redis apart; `REALTIME_EVENTS.relinked` tells presence again once Redis is back. */
export class SocketIoAdapter extends IoAdapter {
  private readonly redisLog = new Logger(SocketIoAdapter.name);
  private readonly clients: Redis[] = [];
  private closing = false;

  constructor(
    private readonly app: INestApplicationContext,
    private readonly config: AppConfig,
    private readonly prefix: string,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      serveClient: false,
      maxHttpBufferSize: SOCKET_MAX_BYTES,
      cors:
        this.config.corsOrigins.length > 0
          ? { origin: this.config.corsOrigins, credentials: false }
          : undefined,
    } as ServerOptions) as Server;
    if (this.config.redisUrl) {
      const publisher = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
      const subscriber = publisher.duplicate();
      const linked = () => publisher.status === 'ready' && subscriber.status === 'ready';
      let lost = false;
      for (const client of [publisher, subscriber]) {
        client.on('error', (error: Error) =>
          this.redisLog.warn(`Redis (socket.io adapter): ${error.message}`),
        );
        client.on('close', () => {
          if (!lost && !this.closing)
            this.redisLog.warn('Redis (socket.io adapter) away: chat and presence serve this instance only');
          lost = true;
        });
        client.on('ready', () => {
          if (!lost || !linked()) return;
          lost = false;
          // ioredis renews the subscriptions after 'ready' and replies in order: an answered ping means they are in.
          setImmediate(() =>
            subscriber.ping().then(
              () => {
                this.redisLog.log('Redis (socket.io adapter) back: telling presence again');
                this.app.get(EventEmitter2).emit(REALTIME_EVENTS.relinked);
              },
              () => undefined,
            ),
          );
        });
        this.clients.push(client);
      }
      const key = `${this.prefix}:socket.io`;
      server.adapter(
        class extends LocalWhileAwayAdapter {
          constructor(nsp: Namespace) {
            super(nsp, publisher, subscriber, key, linked);
          }
        },
      );
    }
    return server;
  }

  override async close(server: Server): Promise<void> {
    this.closing = true;
    await super.close(server);
    await Promise.all(this.clients.splice(0).map((client) => client.quit().catch(() => undefined)));
  }
}
