import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  fullName,
  fromMinorUnits,
  type MyPaymentResponse,
  type PaginationQueryDto,
  RECEIPT_MESSAGES,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import { pageOf } from '../../common/database/paging.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { Permission } from '../access/access.rules.js';
import { AccessService } from '../access/access.service.js';
import { receiptNumber, toMyPaymentResponse } from './payments.mapper.js';
import { PaymentsRepository } from './payments.repository.js';
import { receiptHtml } from './receipt.template.js';

/** A member's own payments and their receipts (docs/product.md §2.12); nobody else's, superusers included. */
@Injectable()
export class PaymentHistoryService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: PaymentsRepository,
    private readonly access: AccessService,
  ) {}

  mine(auth: AuthContext, query: PaginationQueryDto): Promise<Page<MyPaymentResponse>> {
    return pageOf(query, (paging) => this.payments.pageOfMember(auth.user.id, paging), toMyPaymentResponse);
  }

  /** The receipt as HTML, its amount and dates written as a reader of `locale` writes them. */
  async receipt(auth: AuthContext, id: number, locale: string): Promise<string> {
    const payment = await this.payments.findForReceipt(id);
    // Another member's payment answers as an unknown one does, and one that never completed has no receipt.
    if (!payment) throw new NotFoundException(RECEIPT_MESSAGES.notFound);
    await this.access.requireAccess(auth, Permission.ReceiptRead, payment);
    if (!payment.completedAt || !payment.user || !payment.program) {
      throw new NotFoundException(RECEIPT_MESSAGES.notFound);
    }
    const trainer = payment.program.trainer?.user;
    return receiptHtml(
      {
        number: receiptNumber(payment.id, payment.completedAt),
        siteUrl: this.config.publicUrl,
        siteName: this.config.siteName,
        trainerName: trainer ? fullName(trainer.firstName, trainer.lastName) : '',
        buyerName: fullName(payment.user.firstName, payment.user.lastName),
        buyerEmail: payment.user.email,
        programName: payment.program.name,
        amount: fromMinorUnits(payment.amountMinor, payment.currency),
        currency: payment.currency,
        completedAt: payment.completedAt,
        refundedAt: payment.refundedAt,
        provider: payment.provider,
        orderId: payment.orderId,
        captureId: payment.captureId,
      },
      locale,
    );
  }
}
