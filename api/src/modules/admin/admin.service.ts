import { Injectable } from '@nestjs/common';
import {
  ADMIN_DAYS,
  ADMIN_TOP_PROGRAMS,
  type AdminDay,
  type AdminStatsResponse,
  fromMinorUnits,
  fullName,
  type Money,
} from '@fitcoach/contracts';
import { PresenceService } from '../../common/realtime/presence.service.js';
import { UsersService } from '../users/users.service.js';
import { AdminFiguresCache } from './admin-figures.cache.js';
import { AdminRepository, type MinorAmount } from './admin.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const money = ({ currency, amountMinor }: MinorAmount): Money => ({
  currency,
  amount: fromMinorUnits(amountMinor, currency),
});

function lastDays(today: Date): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: ADMIN_DAYS }, (_, i) =>
    new Date(end - (ADMIN_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** docs/product.md §2.11. */
@Injectable()
export class AdminService {
  constructor(
    private readonly figures: AdminRepository,
    private readonly presence: PresenceService,
    private readonly users: UsersService,
    private readonly cache: AdminFiguresCache,
  ) {}

  async stats(now = new Date()): Promise<AdminStatsResponse> {
    const days = lastDays(now);
    const [figures, online] = await Promise.all([
      this.cache.remember(days[0], () => this.figuresSince(days[0])),
      this.presence.all(),
    ]);
    const [onlineUsers, onlineTrainers] = await Promise.all([
      this.users.briefsOf(online, false),
      this.users.briefsOf(online, true),
    ]);
    const { users, trainers, programs, active, revenue, top, topRevenue, paidByDay, startedByDay } = figures;
    return {
      totals: { users, trainers, programs, active_subscriptions: active, revenue: revenue.map(money) },
      top_programs: top.map((program) => ({
        id: program.id,
        name: program.name,
        users: program.users,
        trainer: fullName(program.firstName, program.lastName),
        revenue: topRevenue.filter((row) => row.programId === program.id).map(money),
      })),
      online_users: onlineUsers,
      online_trainers: onlineTrainers,
      days: days.map((date): AdminDay => ({
        date,
        revenue: paidByDay.filter((row) => row.day === date).map(money),
        subscriptions: startedByDay.find((row) => row.day === date)?.count ?? 0,
      })),
    };
  }

  private async figuresSince(firstDay: string) {
    const from = new Date(`${firstDay}T00:00:00.000Z`);
    const [users, trainers, programs, active, revenue, top, paidByDay, startedByDay] = await Promise.all([
      this.figures.countMembers(),
      this.figures.countTrainers(),
      this.figures.countPrograms(),
      this.figures.countActiveSubscriptions(),
      this.figures.revenue(),
      this.figures.topPrograms(ADMIN_TOP_PROGRAMS),
      this.figures.revenueByDay(from),
      this.figures.subscriptionsByDay(from),
    ]);
    const topRevenue = await this.figures.revenueOf(top.map((program) => program.id));
    return { users, trainers, programs, active, revenue, top, topRevenue, paidByDay, startedByDay };
  }
}
