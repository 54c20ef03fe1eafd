import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  PaginationQueryDto,
  ReviewAnswerDto,
  ReviewDto,
  ReviewReasonDto,
  ReviewsQueryDto,
} from '@fitcoach/contracts';
import { Auth, type AuthContext, MaybeAuth, OptionalAuth, Roles } from '../../common/auth/auth.decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { PagedGet } from '../../common/http/paged-get.js';
import { OBJECT, PAGE } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';
import { ReviewsService } from './reviews.service.js';

const AUTHOR = { access: 'the review’s author', caller: 'signed-in' } as const;
const MEMBER = { access: 'a signed-in user other than the review’s author', caller: 'signed-in' } as const;

/** Verified reviews of programmes (ADR 062). */
@ApiTags('reviews')
@Controller()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @RouteDoc({
    summary: 'A programme’s reviews and its standing',
    access: 'anyone who may see the programme',
    caller: 'optional',
    query: ReviewsQueryDto,
    ok: {
      status: 200,
      description:
        '`{rating: {average, count}, mine, count, page, page_size, results}`: the visible reviews, newest first or most helpful first (`sort=helpful`); `mine` the caller’s own review or null',
      schema: OBJECT,
    },
    refusals: {
      400: 'A malformed page, page_size or sort',
      404: 'Unknown programme, or not visible to the caller',
    },
  })
  @Get('fitness_programs/:programId/reviews')
  @OptionalAuth()
  list(
    @MaybeAuth() auth: AuthContext | null,
    @Param('programId', IdPipe) programId: number,
    @Query() query: ReviewsQueryDto,
  ) {
    return this.reviews.list(auth, programId, query);
  }

  @RouteDoc({
    summary: 'Review a programme',
    access: 'a member with an active or ended subscription who completed at least 30 % of it, once',
    caller: 'signed-in',
    body: ReviewDto,
    ok: { status: 201, description: 'The review', schema: OBJECT },
    refusals: {
      400: 'Stars not a whole number from 1 to 5, no title or text, a title over 120 or a text over 2,000 characters',
      403: 'The caller’s own programme, no subscription to it, or under 30 % of it completed',
      404: 'Unknown programme, or not visible to the caller',
      409: 'The caller has reviewed it already',
    },
  })
  @Post('fitness_programs/:programId/reviews')
  create(@Auth() auth: AuthContext, @Param('programId', IdPipe) programId: number, @Body() dto: ReviewDto) {
    return this.reviews.create(auth, programId, dto);
  }

  @RouteDoc({
    summary: 'Edit one’s review',
    ...AUTHOR,
    body: ReviewDto,
    ok: { status: 200, description: 'The review as it is now', schema: OBJECT },
    refusals: { 400: 'As when writing it', 404: "Unknown, or someone else's review" },
  })
  @Put('reviews/:id')
  update(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: ReviewDto) {
    return this.reviews.update(auth, id, dto);
  }

  @RouteDoc({
    summary: 'Delete one’s review',
    ...AUTHOR,
    ok: { status: 204, description: 'Deleted, with its votes and reports' },
    refusals: { 404: "Unknown, or someone else's review" },
  })
  @Delete('reviews/:id')
  @HttpCode(204)
  remove(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.reviews.remove(auth, id);
  }

  @RouteDoc({
    summary: 'Answer a review of one’s programme, publicly, once',
    access: 'the trainer of the review’s programme',
    caller: 'signed-in',
    body: ReviewAnswerDto,
    ok: { status: 201, description: 'The review with its answer', schema: OBJECT },
    refusals: {
      400: 'No text, or over 2,000 characters',
      403: 'Not the programme’s trainer',
      404: 'Unknown or hidden review',
      409: 'Answered already',
    },
  })
  @Post('reviews/:id/answer')
  answer(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: ReviewAnswerDto) {
    return this.reviews.answer(auth, id, dto);
  }

  @RouteDoc({
    summary: 'Say that a review helped',
    ...MEMBER,
    notes: 'Counted once per member: saying it again changes nothing.',
    ok: { status: 201, description: '`{helpful_count}`', schema: OBJECT },
    refusals: { 403: 'The caller’s own review', 404: 'Unknown or hidden review' },
  })
  @Post('reviews/:id/helpful')
  helpful(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.reviews.markHelpful(auth, id);
  }

  @RouteDoc({
    summary: 'Report a review to the superusers',
    ...MEMBER,
    body: ReviewReasonDto,
    ok: { status: 201, description: '`{id}` of the report', schema: OBJECT },
    refusals: {
      400: 'No reason, or over 500 characters',
      403: 'The caller’s own review',
      404: 'Unknown or hidden review',
      409: 'Reported by the caller already',
    },
  })
  @Post('reviews/:id/reports')
  report(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: ReviewReasonDto) {
    return this.reviews.report(auth, id, dto);
  }
}

const SUPERUSER = { access: 'superusers', caller: 'signed-in', role: 'superuser' } as const;

/** Moderation of reviews: the reports queue, hiding and showing. */
@ApiTags('admin')
@Controller('admin/reviews')
@Roles('superuser')
export class ReviewsAdminController {
  constructor(private readonly reviews: ReviewsService) {}

  @PagedGet('reports', {
    summary: 'The open reports of reviews',
    ...SUPERUSER,
    query: PaginationQueryDto,
    ok: { status: 200, description: 'Oldest first, each with its review and reporter', schema: PAGE },
    refusals: { 400: 'A malformed page or page_size' },
  })
  reports(@Query() query: PaginationQueryDto) {
    return this.reviews.reports(query);
  }

  @PagedGet('hidden', {
    summary: 'The hidden reviews',
    ...SUPERUSER,
    query: PaginationQueryDto,
    ok: { status: 200, description: 'The latest first, each with `hidden_reason`', schema: PAGE },
    refusals: { 400: 'A malformed page or page_size' },
  })
  hidden(@Query() query: PaginationQueryDto) {
    return this.reviews.hidden(query);
  }

  @RouteDoc({
    summary: 'Hide a review',
    ...SUPERUSER,
    notes:
      'Out of the lists and the standing; its open reports are resolved; an audit entry with the reason. A review ' +
      'already hidden is left as it is.',
    body: ReviewReasonDto,
    ok: { status: 200, description: 'The review, `hidden: true`', schema: OBJECT },
    refusals: { 400: 'No reason, or over 500 characters', 404: 'Unknown review' },
  })
  @Put(':id/hidden')
  hide(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: ReviewReasonDto) {
    return this.reviews.setHidden(auth, id, dto.reason);
  }

  @RouteDoc({
    summary: 'Show a hidden review again',
    ...SUPERUSER,
    ok: { status: 200, description: 'The review, `hidden: false`', schema: OBJECT },
    refusals: { 404: 'Unknown review' },
  })
  @Delete(':id/hidden')
  show(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.reviews.setHidden(auth, id, null);
  }

  @RouteDoc({
    summary: 'Keep a reported review: close the report',
    ...SUPERUSER,
    ok: { status: 204, description: 'Closed' },
    refusals: { 404: 'Unknown or closed report' },
  })
  @Delete('reports/:id')
  @HttpCode(204)
  dismiss(@Param('id', IdPipe) id: number) {
    return this.reviews.dismissReport(id);
  }
}
