import { Injectable, NotFoundException, type PipeTransform } from '@nestjs/common';

/** Anything that is not a positive integer names no record, so it is a 404 like an unknown id. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
      throw new NotFoundException('Not found');
    }
    return Number(value);
  }
}
