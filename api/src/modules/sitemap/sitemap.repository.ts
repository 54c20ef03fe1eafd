import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { ProgramEntity } from '../programs/program.entity.js';
import { ofUnblockedTrainer } from '../programs/programs.repository.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import { withPublishedProgram } from '../trainers/trainers.repository.js';

export interface SitemapRow {
  id: number;
  updatedAt: Date;
}

/**
 * As the catalogue shows them (programs.repository.ts, trainers.repository.ts); in id order, so that a new row
 * joins the end and pages seldom shift.
 */
@Injectable()
export class SitemapRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  countActiveTrainers(): Promise<number> {
    return this.activeTrainers().getCount();
  }

  countListedPrograms(): Promise<number> {
    return this.listedPrograms().getCount();
  }

  /** The page shows the account's name and picture too, so it changed when either row did. */
  async pageOfActiveTrainers(offset: number, limit: number): Promise<SitemapRow[]> {
    const trainers = await this.activeTrainers()
      .select(['trainer.id', 'trainer.updatedAt', 'user.id', 'user.updatedAt'])
      .orderBy('trainer.id', 'ASC')
      .offset(offset)
      .limit(limit)
      .getMany();
    return trainers.map(({ id, updatedAt, user }) => ({
      id,
      updatedAt: user && user.updatedAt > updatedAt ? user.updatedAt : updatedAt,
    }));
  }

  pageOfListedPrograms(offset: number, limit: number): Promise<SitemapRow[]> {
    return this.listedPrograms()
      .select(['program.id', 'program.updatedAt'])
      .orderBy('program.id', 'ASC')
      .offset(offset)
      .limit(limit)
      .getMany();
  }

  private activeTrainers(): SelectQueryBuilder<TrainerEntity> {
    const trainers = this.dataSource
      .getRepository(TrainerEntity)
      .createQueryBuilder('trainer')
      .innerJoin('trainer.user', 'user')
      .where('user.blocked = :blocked', { blocked: false });
    return trainers.andWhere(withPublishedProgram(trainers));
  }

  /** The programme table alone, walked in id order (see ofUnblockedTrainer). */
  private listedPrograms(): SelectQueryBuilder<ProgramEntity> {
    return this.dataSource
      .getRepository(ProgramEntity)
      .createQueryBuilder('program')
      .where('program.isPublished = :published', { published: true })
      .andWhere(ofUnblockedTrainer);
  }
}
