import { Injectable, Logger } from '@nestjs/common';
import { JobsService } from '../../common/jobs/jobs.service.js';
import { ProgramsRepository } from './programs.repository.js';

/**
 * The e-mails about a programme to its trainer, queued as the payment mails are (docs/architecture.md §6): the
 * rejection, with its reason. The job id names the rejection (the programme and the moment of the decision), so a
 * replay queues nothing new. A mail that cannot be queued is logged; the decision stands.
 */
@Injectable()
export class ProgramMails {
  private readonly logger = new Logger(ProgramMails.name);

  constructor(
    private readonly programs: ProgramsRepository,
    private readonly jobs: JobsService,
  ) {}

  async rejected(programId: number, reason: string, decidedAt: Date): Promise<void> {
    try {
      const trainer = await this.programs.findTrainerAddress(programId);
      if (!trainer) return;
      await this.jobs.enqueue(
        'mail.program-rejected',
        { to: trainer.email, firstName: trainer.firstName, programName: trainer.programName, reason },
        { jobId: `program-rejected-${programId}-${decidedAt.getTime()}` },
      );
    } catch (error) {
      this.logger.error(`Rejection e-mail of programme ${programId} not queued: ${(error as Error).message}`);
    }
  }
}
