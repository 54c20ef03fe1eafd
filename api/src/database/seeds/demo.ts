// Over 300 lines: one seeder whose steps (accounts, trainers, programmes with lessons, the member's paid
// subscriptions, the bulk programmes of load tests) share its bookkeeping of what it created and must stay in the
// order that keeps a second run a no-op; split it by step if a new kind of demo row is added.
import {
  PROGRAM_CATEGORIES,
  PROGRAM_LEVELS,
  youtubeVideoId,
  type ProgramCategory,
  type ProgramLevel,
} from '@fitcoach/contracts';
import { type DataSource, In } from 'typeorm';
import type { AppConfig } from '../../common/config/app-config.js';
import { analyzeTables } from '../../common/database/statistics.js';
import type { MediaKind } from '../../common/media/media.constants.js';
import { MediaService } from '../../common/media/media.service.js';
import { PasswordService } from '../../modules/auth/password.service.js';
import { LessonEntity } from '../../modules/lessons/lesson.entity.js';
import { PaymentEntity } from '../../modules/payments/payment.entity.js';
import { ProgramEntity } from '../../modules/programs/program.entity.js';
import { PublishRequestEntity } from '../../modules/programs/publish-request.entity.js';
import { LessonCompletionEntity } from '../../modules/subscriptions/lesson-completion.entity.js';
import {
  completedTestPaymentRow,
  insertPaidSubscriptions,
} from '../../modules/subscriptions/paid-subscription-rows.js';
import { SubscriptionEntity } from '../../modules/subscriptions/subscription.entity.js';
import { TrainerEntity } from '../../modules/trainers/trainer.entity.js';
import { verifiedAccountRow } from '../../modules/users/account-row.js';
import { ProfileEntity } from '../../modules/users/profile.entity.js';
import { UserEntity } from '../../modules/users/user.entity.js';
import {
  DEMO_ADMIN,
  DEMO_MEMBER,
  DEMO_TRAINER_PASSWORD,
  DEMO_TRAINERS,
  type DemoProgram,
  type DemoTrainer,
  demoVideoLink,
} from './demo-content.js';
import { GROWING_TABLES } from '../tables.js';
import { avatarImage, coverImage } from './demo-images.js';

export interface DemoLogin {
  role: 'superuser' | 'member' | 'trainer';
  email: string;
  password: string;
}

export const DEMO_LOGINS: readonly DemoLogin[] = [
  { role: 'superuser', email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  { role: 'member', email: DEMO_MEMBER.email, password: DEMO_MEMBER.password },
  ...DEMO_TRAINERS.map((t) => ({
    role: 'trainer' as const,
    email: t.email,
    password: DEMO_TRAINER_PASSWORD,
  })),
];

export interface DemoSeedOptions {
  /** Extra published programmes spread over the demo trainers, for load tests (`--programmes N`). */
  extraPrograms?: number;
}

export interface DemoSeedResult {
  created: {
    accounts: number;
    trainers: number;
    programs: number;
    lessons: number;
    extraPrograms: number;
    subscriptions: number;
  };
  logins: readonly DemoLogin[];
}

/** How many demo programmes the demo member follows. */
const DEMO_SUBSCRIPTIONS = 2;

/** Rows per INSERT of the extra programmes: well under SQLite's 32,766 bound variables at 11 columns a row. */
const INSERT_CHUNK = 500;

/**
 * Creates the demo content (docs/product.md §3 entities: a superuser, a member, five trainers with their
 * programmes and lessons, two programmes waiting for publication) where it is missing. Every row is keyed by an
 * e-mail address or a programme name of its trainer, so running it again creates nothing, and nothing that people
 * changed is overwritten. Images go through MediaService like uploads do.
 */
export async function seedDemo(
  dataSource: DataSource,
  config: AppConfig,
  options: DemoSeedOptions = {},
): Promise<DemoSeedResult> {
  const seeder = new DemoSeeder(dataSource, new MediaService(config), new PasswordService());
  await seeder.account({ ...DEMO_ADMIN, superuser: true });
  const member = await seeder.account({ ...DEMO_MEMBER, superuser: false });
  const trainers: TrainerEntity[] = [];
  let videoIndex = 0;
  for (const demo of DEMO_TRAINERS) {
    const trainer = await seeder.trainer(demo);
    trainers.push(trainer);
    for (const [index, program] of demo.programs.entries()) {
      await seeder.program(trainer, program, index, videoIndex);
      videoIndex += program.lessons.length;
    }
  }
  await seeder.memberSubscriptions(member, trainers);
  await seeder.extraPrograms(trainers, options.extraPrograms ?? 0);
  if (Object.values(seeder.created).some((count) => count > 0)) {
    await analyzeTables(dataSource, GROWING_TABLES);
  }
  return { created: seeder.created, logins: DEMO_LOGINS };
}

class DemoSeeder {
  readonly created = {
    accounts: 0,
    trainers: 0,
    programs: 0,
    lessons: 0,
    extraPrograms: 0,
    subscriptions: 0,
  };

  constructor(
    private readonly dataSource: DataSource,
    private readonly media: MediaService,
    private readonly passwords: PasswordService,
  ) {}

  /** The account with this address, created verified (with an empty profile) when there is none. */
  async account(
    account: { email: string; password: string; firstName: string; lastName: string; superuser: boolean },
    picture?: () => Promise<Buffer>,
  ): Promise<UserEntity> {
    const existing = await this.dataSource.getRepository(UserEntity).findOneBy({ email: account.email });
    if (existing) return existing;
    const passwordHash = await this.passwords.hash(account.password);
    const user = await this.withImage('profile', picture, (profilePicture) =>
      this.dataSource.transaction(async (manager) => {
        const saved = await manager.save(
          manager.create(
            UserEntity,
            verifiedAccountRow({
              firstName: account.firstName,
              lastName: account.lastName,
              email: account.email,
              passwordHash,
              profilePicture,
              isSuperuser: account.superuser,
            }),
          ),
        );
        await manager.insert(ProfileEntity, { userId: saved.id });
        return saved;
      }),
    );
    this.created.accounts += 1;
    return user;
  }

  /** The trainer record of a demo trainer's account, both created when missing. */
  async trainer(demo: DemoTrainer): Promise<TrainerEntity> {
    // User and trainer pictures are separate files: replacing one of them deletes its file, never the other.
    const user = await this.account({ ...demo, password: DEMO_TRAINER_PASSWORD, superuser: false }, () =>
      avatarImage(demo.colours),
    );
    const existing = await this.dataSource.getRepository(TrainerEntity).findOneBy({ userId: user.id });
    if (existing) return existing;
    const trainer = await this.withImage(
      'trainer',
      () => avatarImage(demo.colours),
      (profilePicture) =>
        this.dataSource.transaction(async (manager) => {
          await manager.update(UserEntity, { id: user.id }, { isTrainer: true });
          return manager.save(
            manager.create(TrainerEntity, {
              userId: user.id,
              specialisation: demo.specialisation,
              about: demo.about,
              certifications: demo.certifications,
              experienceYears: demo.experienceYears,
              rating: null,
              country: demo.country,
              phone: demo.phone,
              profilePicture,
            }),
          );
        }),
    );
    this.created.trainers += 1;
    return trainer;
  }

  /** A programme of `trainer` with its lessons (and its pending publish request), unless one has that name. */
  async program(trainer: TrainerEntity, demo: DemoProgram, variant: number, firstVideo: number) {
    const programs = this.dataSource.getRepository(ProgramEntity);
    if (await programs.existsBy({ trainerId: trainer.id, name: demo.name })) return;
    await this.withImage(
      'program',
      () => coverImage(demo.category, trainer.id * 7 + variant),
      (coverImage) =>
        this.dataSource.transaction(async (manager) => {
          const program = await manager.save(
            manager.create(ProgramEntity, {
              trainerId: trainer.id,
              name: demo.name,
              description: demo.description,
              durationDays: demo.durationDays,
              priceMinor: demo.price * 100,
              currency: 'USD',
              category: demo.category,
              level: demo.level,
              coverImage,
              isPublished: demo.published,
            }),
          );
          await manager.insert(
            LessonEntity,
            demo.lessons.map((lesson, index) => {
              const videoUrl = demoVideoLink(firstVideo + index);
              return {
                programId: program.id,
                number: index + 1,
                title: lesson.title,
                description: lesson.description,
                videoUrl,
                videoId: requireVideoId(videoUrl),
                image: null,
              };
            }),
          );
          if (!demo.published) {
            await manager.insert(PublishRequestEntity, {
              programId: program.id,
              status: 'pending',
              decidedAt: null,
            });
          }
        }),
    );
    this.created.programs += 1;
    this.created.lessons += demo.lessons.length;
  }

  /**
   * The demo member follows the first published demo programmes, each paid by a completed test payment, and has
   * done the first lesson of the first one, so the dashboard and the trainers' Subscribers view have something to
   * show. Only once: a member who has any payment (a demo, or one of their own) is left alone.
   */
  async memberSubscriptions(member: UserEntity, trainers: TrainerEntity[]): Promise<void> {
    if (await this.dataSource.getRepository(PaymentEntity).existsBy({ userId: member.id })) return;
    const names = DEMO_TRAINERS.flatMap((t) => t.programs.filter((p) => p.published).map((p) => p.name));
    const programs = await this.dataSource.getRepository(ProgramEntity).find({
      where: { trainerId: In(trainers.map((t) => t.id)), name: In(names), isPublished: true },
      order: { id: 'ASC' },
      take: DEMO_SUBSCRIPTIONS,
    });
    const now = new Date();
    await this.dataSource.transaction(async (manager) => {
      const payments = programs.map((program) =>
        completedTestPaymentRow(member.id, program, {
          prefix: 'DEMO',
          key: `${member.id}-${program.id}`,
          payerName: `${member.firstName} ${member.lastName}`,
          at: now,
        }),
      );
      await insertPaidSubscriptions(manager, payments, now);
      const first = programs[0]
        ? await manager.findOneBy(LessonEntity, { programId: programs[0].id, number: 1 })
        : null;
      if (first) {
        await manager.insert(LessonCompletionEntity, {
          userId: member.id,
          lessonId: first.id,
          completedAt: now,
        });
        await manager.update(
          SubscriptionEntity,
          { userId: member.id, programId: first.programId, activeFlag: 1 },
          { lastCompletedAt: now },
        );
      }
    });
    this.created.subscriptions += programs.length;
  }

  /**
   * `count` published programmes named "... #i" (i = 1..count), round-robin over the trainers, inserted in
   * chunks in one transaction. They have no cover and no lessons: they exist to give lists their length, and a
   * cover file shared between rows would be deleted for all of them when one owner replaced it.
   */
  async extraPrograms(trainers: TrainerEntity[], count: number): Promise<void> {
    if (count <= 0) return;
    const existing = new Set(
      (
        await this.dataSource.getRepository(ProgramEntity).find({
          select: { name: true },
          where: { trainerId: In(trainers.map((t) => t.id)) },
        })
      ).map((p) => p.name),
    );
    const rows = Array.from({ length: count }, (_, i) => extraProgram(trainers, i + 1)).filter(
      (row) => !existing.has(row.name),
    );
    await this.dataSource.transaction(async (manager) => {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        await manager
          .createQueryBuilder()
          .insert()
          .into(ProgramEntity)
          .values(rows.slice(start, start + INSERT_CHUNK))
          // Nothing is read back: the ids and timestamps of thousands of rows are not needed here.
          .updateEntity(false)
          .execute();
      }
    });
    this.created.extraPrograms += rows.length;
  }

  /** Stores the image `draw` makes (if any) and runs `write` with its path; the file is removed if `write` fails. */
  private async withImage<T>(
    kind: MediaKind,
    draw: (() => Promise<Buffer>) | undefined,
    write: (path: string | null) => Promise<T>,
  ): Promise<T> {
    const path = draw ? await this.media.storeImage(kind, { buffer: await draw() }, kind) : null;
    try {
      return await write(path);
    } catch (error) {
      await this.media.remove(path);
      throw error;
    }
  }
}

const EXTRA_ADJECTIVES = ['Essential', 'Total', 'Rapid', 'Steady', 'Ultimate', 'Daily', 'Focused'] as const;

function extraProgram(trainers: TrainerEntity[], i: number) {
  const category: ProgramCategory = PROGRAM_CATEGORIES[i % PROGRAM_CATEGORIES.length];
  const level: ProgramLevel =
    PROGRAM_LEVELS[Math.floor(i / PROGRAM_CATEGORIES.length) % PROGRAM_LEVELS.length];
  const name = `${EXTRA_ADJECTIVES[i % EXTRA_ADJECTIVES.length]} ${category} #${i}`;
  return {
    trainerId: trainers[i % trainers.length].id,
    name,
    description: `${name}: a ${level.toLowerCase()} ${category.toLowerCase()} programme generated for load tests.`,
    durationDays: 7 + (i % 12) * 7,
    priceMinor: (10 + (i % 90)) * 100,
    currency: 'USD',
    category,
    level,
    coverImage: null,
    isPublished: true,
  };
}

function requireVideoId(url: string): string {
  const id = youtubeVideoId(url);
  if (!id) throw new Error(`Demo lesson link ${url} is not a YouTube link`);
  return id;
}
