/**
 * The queue's job id of an outbox row: its id and the moment it was written, so that a database started afresh
 * (whose ids begin again at 1) never meets an id that Redis still keeps for an earlier job.
 */
export function outboxJobId(row: { id: number; createdAt: Date }): string {
  return `outbox-${row.id}-${row.createdAt.getTime()}`;
}

/** The outbox row id of a queued job, or undefined when the job did not come from the outbox. */
export function outboxIdOf(jobId: string): number | undefined {
  const match = /^outbox-(\d+)-\d+$/.exec(jobId);
  return match ? Number(match[1]) : undefined;
}
