import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { UsersModule } from '../users/users.module.js';
import { TrainerEntity } from './trainer.entity.js';
import { TrainersController } from './trainers.controller.js';
import { TrainersRepository } from './trainers.repository.js';
import { TrainersService } from './trainers.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([TrainerEntity]), UsersModule, AuditModule, AccessModule],
  controllers: [TrainersController],
  providers: [TrainersService, TrainersRepository],
  exports: [TrainersService],
})
export class TrainersModule {}
