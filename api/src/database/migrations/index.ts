import { CreateUser1763750000000 } from './1763750000000-CreateUser.js';
import { CreateAccounts1763750100000 } from './1763750100000-CreateAccounts.js';
import { CreateCatalogue1763750200000 } from './1763750200000-CreateCatalogue.js';
import { AddRefreshTokenRotatedAt1763750300000 } from './1763750300000-AddRefreshTokenRotatedAt.js';
import { CreateSubscriptions1763750400000 } from './1763750400000-CreateSubscriptions.js';
import { CreateChat1763836800000 } from './1763836800000-CreateChat.js';
import { CoverChatUnreadCounts1763942400000 } from './1763942400000-CoverChatUnreadCounts.js';
import { AddPublishRequestReason1764028800000 } from './1764028800000-AddPublishRequestReason.js';
import { CreateAuditEntry1764115200000 } from './1764115200000-CreateAuditEntry.js';
import { IndexAdminStats1764201600000 } from './1764201600000-IndexAdminStats.js';
import { CreateOutbox1764288000000 } from './1764288000000-CreateOutbox.js';
import { CreateFailedJob1764390000000 } from './1764390000000-CreateFailedJob.js';
import { IndexQueryPlans1764500000000 } from './1764500000000-IndexQueryPlans.js';
import { CreatePasswordReset1764600000000 } from './1764600000000-CreatePasswordReset.js';
import { AddSessionDetails1764700000000 } from './1764700000000-AddSessionDetails.js';
import { IndexPaymentHistory1764720000000 } from './1764720000000-IndexPaymentHistory.js';
import { AccountDeletion1764710000000 } from './1764710000000-AccountDeletion.js';
import { TrainerVerification1764810000000 } from './1764810000000-TrainerVerification.js';
import { DailyCoachingLoop1764900000000 } from './1764900000000-DailyCoachingLoop.js';
import { TrainingRecord1765000000000 } from './1765000000000-TrainingRecord.js';
import { Reviews1765100000000 } from './1765100000000-Reviews.js';
import { TrainerStanding1765200000000 } from './1765200000000-TrainerStanding.js';
import { SubscriptionProgress1765300000000 } from './1765300000000-SubscriptionProgress.js';
import { IndexHiddenReviews1765400000000 } from './1765400000000-IndexHiddenReviews.js';
import { IndexInsights1765500000000 } from './1765500000000-IndexInsights.js';

/** Every migration in order; TypeORM sorts by the timestamp in the class name. */
export const migrations = [
  CreateUser1763750000000,
  CreateAccounts1763750100000,
  CreateCatalogue1763750200000,
  AddRefreshTokenRotatedAt1763750300000,
  CreateSubscriptions1763750400000,
  CreateChat1763836800000,
  CoverChatUnreadCounts1763942400000,
  AddPublishRequestReason1764028800000,
  CreateAuditEntry1764115200000,
  IndexAdminStats1764201600000,
  CreateOutbox1764288000000,
  CreateFailedJob1764390000000,
  IndexQueryPlans1764500000000,
  CreatePasswordReset1764600000000,
  AddSessionDetails1764700000000,
  IndexPaymentHistory1764720000000,
  AccountDeletion1764710000000,
  TrainerVerification1764810000000,
  DailyCoachingLoop1764900000000,
  TrainingRecord1765000000000,
  Reviews1765100000000,
  TrainerStanding1765200000000,
  SubscriptionProgress1765300000000,
  IndexHiddenReviews1765400000000,
  IndexInsights1765500000000,
];
