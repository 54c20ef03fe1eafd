import type { QueryRunner } from 'typeorm';
import { REVIEW_LIMITS } from '@fitcoach/contracts';
import { datetime, random, type Value } from './bulk-writer.js';
import type { CoachMember } from './large-record.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** One review in this many is reported, and one in HIDDEN_EVERY hidden by a superuser. */
const REPORTED_EVERY = 10;
const HIDDEN_EVERY = 40;
/** The trainer answers one review in three. */
const ANSWERED_EVERY = 3;

export const REVIEW_COLUMNS = [
  'id',
  'program_id',
  'user_id',
  'stars',
  'title',
  'text',
  'helpful_count',
  'answer',
  'answered_at',
  'hidden',
  'hidden_reason',
  'created_at',
  'updated_at',
];
export const REVIEW_VOTE_COLUMNS = ['id', 'review_id', 'user_id'];
export const REVIEW_REPORT_COLUMNS = ['id', 'review_id', 'user_id', 'reason', 'resolved'];

const TITLES = [
  'Worth every session',
  'Hard but fair',
  'Clear lessons',
  'Good start, slow middle',
  'Loved it',
];

/** One seeded review, as the votes, reports and standings need it. */
interface SeededReview {
  id: number;
  member: number;
  program: number;
  account: number;
  stars: number;
  votes: number;
  hidden: boolean;
  atMs: number;
}

export interface ReviewSeedPlan {
  nowMs: number;
  bases: { review: number; review_vote: number; review_report: number };
  members: CoachMember[];
  userId(account: number): number;
  programId(program: number): number;
}

/**
 * The big trainer's members who completed at least 30 % of their programme review it (the rule the API keeps):
 * mostly four or five stars; each review helped up to three other members; one in 10 reported, one in 40 hidden.
 */
export function seededReviews(plan: ReviewSeedPlan): SeededReview[] {
  const rand = random(131);
  const reviews: SeededReview[] = [];
  for (const [member, { account, program, startedMs, completed, lessons }] of plan.members.entries()) {
    if ((completed * 100) / lessons < REVIEW_LIMITS.minProgress) continue;
    const r = rand();
    const index = reviews.length;
    reviews.push({
      id: plan.bases.review + index,
      member,
      program,
      account,
      stars: r < 0.05 ? 1 : r < 0.1 ? 2 : r < 0.25 ? 3 : r < 0.6 ? 4 : 5,
      votes: Math.min(index % 4, plan.members.length - 1),
      hidden: index % HIDDEN_EVERY === HIDDEN_EVERY - 1,
      atMs: startedMs + (plan.nowMs - startedMs) * (0.5 + rand() / 2),
    });
  }
  return reviews;
}

export function* reviewRows(plan: ReviewSeedPlan, reviews: SeededReview[]): Generator<Value[]> {
  for (const [index, review] of reviews.entries()) {
    const at = datetime(review.atMs);
    const answered = index % ANSWERED_EVERY === 0;
    yield [
      review.id,
      plan.programId(review.program),
      plan.userId(review.account),
      review.stars,
      TITLES[index % TITLES.length],
      'Generated for load tests: the lessons, the pace and the trainer’s answers, in a few honest lines.',
      review.votes,
      answered ? 'Thank you for training with us.' : null,
      answered ? datetime(Math.min(review.atMs + DAY_MS, plan.nowMs)) : null,
      review.hidden ? 1 : 0,
      review.hidden ? 'Generated as hidden.' : null,
      at,
      at,
    ];
  }
}

/** The members after a review's author in the seed's order said it helped them. */
export function* voteRows(plan: ReviewSeedPlan, reviews: SeededReview[]): Generator<Value[]> {
  let id = plan.bases.review_vote;
  for (const review of reviews) {
    for (let k = 1; k <= review.votes; k += 1) {
      const voter = plan.members[(review.member + k) % plan.members.length]!;
      yield [id++, review.id, plan.userId(voter.account)];
    }
  }
}

/** One review in 10 reported by the member five after its author; resolved when the review was hidden. */
export function* reportRows(plan: ReviewSeedPlan, reviews: SeededReview[]): Generator<Value[]> {
  let id = plan.bases.review_report;
  for (const [index, review] of reviews.entries()) {
    if (index % REPORTED_EVERY !== REPORTED_EVERY - 1 && !review.hidden) continue;
    const reporter = plan.members[(review.member + 5) % plan.members.length]!;
    if (reporter.account === review.account) continue;
    yield [id++, review.id, plan.userId(reporter.account), 'Generated report.', review.hidden ? 1 : 0];
  }
}

/** Each programme's standing (its visible reviews and their stars) and each trainer's over theirs, as the API keeps them. */
export async function writeStandings(
  runner: QueryRunner,
  plan: ReviewSeedPlan,
  reviews: SeededReview[],
): Promise<void> {
  const standings = new Map<number, { count: number; stars: number }>();
  for (const review of reviews) {
    if (review.hidden) continue;
    const entry = standings.get(review.program) ?? { count: 0, stars: 0 };
    standings.set(review.program, { count: entry.count + 1, stars: entry.stars + review.stars });
  }
  for (const [program, { count, stars }] of standings) {
    await runner.query('UPDATE program SET review_count = ?, stars_total = ? WHERE id = ?', [
      count,
      stars,
      plan.programId(program),
    ]);
  }
  await runner.query(
    `UPDATE trainer SET
       review_count = (SELECT COALESCE(SUM(p.review_count), 0) FROM program p WHERE p.trainer_id = trainer.id),
       rating = (SELECT SUM(p.stars_total) * 1.0 / NULLIF(SUM(p.review_count), 0) FROM program p WHERE p.trainer_id = trainer.id)
     WHERE id IN (SELECT trainer_id FROM program WHERE review_count > 0)`,
  );
}
