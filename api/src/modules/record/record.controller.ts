import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  MeasurementDto,
  MeasurementsQueryDto,
  RecordSharingDto,
  SubscriberRecordQueryDto,
} from '@fitcoach/contracts';
import { Auth, type AuthContext, Roles } from '../../common/auth/auth.decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { LIST, OBJECT } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';
import { MeasurementsService } from './measurements.service.js';
import { RecordCsvService } from './record-csv.service.js';
import { RecordSharingService } from './record-sharing.service.js';

const OWN = { access: 'a signed-in user, their own record', caller: 'signed-in' } as const;

/** Body measurements and sharing, the member's side of the training record (ADR 061). */
@ApiTags('training record')
@Controller('users')
export class MemberRecordController {
  constructor(
    private readonly measurements: MeasurementsService,
    private readonly sharing: RecordSharingService,
    private readonly csvFiles: RecordCsvService,
  ) {}

  @RouteDoc({
    summary: 'Record the body measurements of a day',
    ...OWN,
    notes:
      'Weight in kg, body fat in %, waist, hips, chest, arm and thigh in cm, each optional; one entry a day, a second one for the same day merges into it. The latest weight and body fat are the profile’s.',
    body: MeasurementDto,
    ok: { status: 201, description: 'A new day', schema: OBJECT },
    alsoOk: { 200: 'The day existed: the values given replaced its values' },
    refusals: {
      400: 'No value, a value out of its range, a date in the future or over ten years back',
    },
  })
  @Post('measurements')
  async writeMeasurement(
    @Auth() auth: AuthContext,
    @Body() dto: MeasurementDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { created, body } = await this.measurements.write(auth, dto);
    res.status(created ? 201 : 200);
    return body;
  }

  @RouteDoc({
    summary: 'The caller’s body measurements',
    ...OWN,
    query: MeasurementsQueryDto,
    ok: { status: 200, description: 'Oldest first, from `from` to `to` inclusive', schema: LIST },
    refusals: { 400: 'A date that is not YYYY-MM-DD' },
  })
  @Get('measurements')
  measurementsOf(@Auth() auth: AuthContext, @Query() query: MeasurementsQueryDto) {
    return this.measurements.list(auth, query);
  }

  @RouteDoc({
    summary: 'The caller’s measurements as a spreadsheet',
    ...OWN,
    notes:
      'CSV, one row per day, oldest first: measured_on, weight_kg, body_fat_percent, waist_cm, hips_cm, chest_cm, ' +
      'arm_cm, thigh_cm; a value not measured is empty.',
    ok: {
      status: 200,
      description: 'An attachment, `fitcoach-measurements-{date}.csv`',
      produces: 'text/csv',
    },
  })
  @Get('measurements/csv')
  measurementsCsv(@Auth() auth: AuthContext) {
    return this.csvFiles.measurementsOf(auth);
  }

  @RouteDoc({
    summary: 'Delete one of the caller’s measurements',
    ...OWN,
    ok: { status: 204, description: 'Deleted; the profile shows the latest one left' },
    refusals: { 404: "Unknown, or another member's measurement" },
  })
  @Delete('measurements/:id')
  @HttpCode(204)
  removeMeasurement(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.measurements.remove(auth, id);
  }

  @RouteDoc({
    summary: 'What the caller shares with each trainer they follow',
    ...OWN,
    ok: {
      status: 200,
      description:
        'One entry per trainer of an active subscription; logs and measurements are shared unless changed',
      schema: LIST,
    },
  })
  @Get('record_sharing')
  sharingOf(@Auth() auth: AuthContext) {
    return this.sharing.list(auth);
  }

  @RouteDoc({
    summary: 'Change what the caller shares with a trainer',
    ...OWN,
    body: RecordSharingDto,
    ok: { status: 200, description: 'What is shared now', schema: OBJECT },
    refusals: { 404: 'A trainer the caller does not follow' },
  })
  @Put('record_sharing/:trainerId')
  updateSharing(
    @Auth() auth: AuthContext,
    @Param('trainerId', IdPipe) trainerId: number,
    @Body() dto: RecordSharingDto,
  ) {
    return this.sharing.update(auth, trainerId, dto);
  }
}

/** A trainer's view of a subscriber's record. */
@ApiTags('training record')
@Controller('trainers')
export class SubscriberRecordController {
  constructor(private readonly sharing: RecordSharingService) {}

  @RouteDoc({
    summary: 'A subscriber’s training record, as shared with the caller',
    access: 'a trainer, for a member actively subscribed to one of their programmes',
    caller: 'signed-in',
    role: 'trainer',
    notes:
      'Only the parts the member shares (others null); the logs of the caller’s programmes, newest first, one page at a time; the measurements from `from` to `to` (inclusive, each optional), oldest first.',
    query: SubscriberRecordQueryDto,
    ok: { status: 200, description: 'The shared parts', schema: OBJECT },
    refusals: {
      400: 'A malformed page, page_size, from or to',
      403: 'Not a trainer; the member has no active subscription to the caller’s programmes, or shares nothing with them',
      404: 'Unknown account, or one that never subscribed to the caller’s programmes',
    },
  })
  @Get('subscribers/:userId/record')
  @Roles('trainer')
  record(
    @Auth() auth: AuthContext,
    @Param('userId', IdPipe) userId: number,
    @Query() query: SubscriberRecordQueryDto,
  ) {
    return this.sharing.subscriberRecord(auth, userId, query);
  }
}
