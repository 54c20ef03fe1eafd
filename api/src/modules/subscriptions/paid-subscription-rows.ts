import type { DataSource, EntityManager } from 'typeorm';
import { PaymentEntity } from '../payments/payment.entity.js';
import type { ProgramEntity } from '../programs/program.entity.js';
import { SubscriptionEntity } from './subscription.entity.js';

type PaymentRow = Omit<PaymentEntity, 'id' | 'createdAt' | 'updatedAt' | 'user' | 'program'>;
type SubscriptionRow = Omit<
  SubscriptionEntity,
  'id' | 'createdAt' | 'updatedAt' | 'user' | 'program' | 'payment'
>;

/**
 * A programme bought with the test provider, as the seeds and the benchmarks record it without a checkout: the
 * order `{prefix}-{key}`, its capture `{prefix}-CAPTURE-{key}`, paid at the programme's price.
 */
export function completedTestPaymentRow(
  userId: number,
  program: Pick<ProgramEntity, 'id' | 'priceMinor' | 'currency'>,
  order: { prefix: string; key: string | number; payerName: string; at: Date },
): PaymentRow {
  return {
    provider: 'test',
    orderId: `${order.prefix}-${order.key}`,
    captureId: `${order.prefix}-CAPTURE-${order.key}`,
    userId,
    programId: program.id,
    amountMinor: program.priceMinor,
    currency: program.currency,
    status: 'completed',
    openFlag: null,
    payerName: order.payerName,
    completedAt: order.at,
    refundedAt: null,
  };
}

/** The active subscription a completed payment opens. */
function activeSubscriptionRow(
  payment: Pick<PaymentEntity, 'userId' | 'programId'> & { id: number },
  at: Date,
): SubscriptionRow {
  return {
    userId: payment.userId,
    programId: payment.programId,
    paymentId: payment.id,
    status: 'active',
    activeFlag: 1,
    startedAt: at,
    endedAt: null,
    startDate: at.toISOString().slice(0, 10),
    reminderTime: null,
    timezone: 'UTC',
    nextReminderAt: null,
    lastCompletedAt: null,
    finishedAt: null,
  };
}

/** Records many such payments at once, and the subscriptions they open. */
export async function insertPaidSubscriptions(
  db: DataSource | EntityManager,
  payments: PaymentRow[],
  at: Date,
): Promise<void> {
  if (payments.length === 0) return;
  const { identifiers } = await db.getRepository(PaymentEntity).insert(payments);
  await db
    .getRepository(SubscriptionEntity)
    .insert(payments.map((row, i) => activeSubscriptionRow({ ...row, id: identifiers[i].id as number }, at)));
}
