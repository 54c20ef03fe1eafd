import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { SessionsModule } from '../auth/sessions.module.js';
import { ChatMessageEntity } from './chat-message.entity.js';
import { ChatController } from './chat.controller.js';
import { ChatGateway } from './chat.gateway.js';
import { ChatRepository } from './chat.repository.js';
import { ChatService } from './chat.service.js';
import { NotificationEntity } from './notification.entity.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { TrainerNewsListener } from './trainer-news.listener.js';

/** Chat, presence and notifications over socket.io, with their REST reads (docs/architecture.md §8). */
@Module({
  imports: [
    TypeOrmModule.forFeature([ChatMessageEntity, NotificationEntity]),
    AuthModule,
    SessionsModule,
    AccessModule,
  ],
  controllers: [ChatController],
  providers: [
    ChatGateway,
    ChatService,
    ChatRepository,
    NotificationsRepository,
    NotificationsService,
    TrainerNewsListener,
  ],
  exports: [NotificationsService, ChatService],
})
export class ChatModule {}
