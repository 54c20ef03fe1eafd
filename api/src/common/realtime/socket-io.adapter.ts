import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { CHAT_IMAGE_MAX_BYTES } from '@fitcoach/contracts';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/app-config.js';

/** The largest socket message: an image as base64 (4/3 of its bytes) with room for the rest of the payload. */
export const SOCKET_MAX_BYTES = Math.ceil((CHAT_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * socket.io on the application's own HTTP server (path `/socket.io`), with the Redis adapter when REDIS_URL is set
 * so that rooms span every instance (docs/architecture.md §8, §12). `prefix` keeps apps sharing a Redis apart.
 */
export class SocketIoAdapter extends IoAdapter {
  private readonly redisLog = new Logger(SocketIoAdapter.name);
  private readonly clients: Redis[] = [];

  constructor(
    app: INestApplicationContext,
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
      for (const client of [publisher, subscriber]) {
        client.on('error', (error: Error) =>
          this.redisLog.warn(`Redis (socket.io adapter): ${error.message}`),
        );
        this.clients.push(client);
      }
      server.adapter(createAdapter(publisher, subscriber, { key: `${this.prefix}:socket.io` }));
    }
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    await Promise.all(this.clients.splice(0).map((client) => client.quit().catch(() => undefined)));
  }
}
