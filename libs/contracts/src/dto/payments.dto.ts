import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { CURRENCIES, type Currency } from '../enums.js';
import { ignoredField, rules } from './field-rules.js';
import { optionalNumber, optionalTrim } from './transforms.js';

const PROGRAM_ID_MESSAGE = 'program_id must be a programme id';

/**
 * `POST /api/payments/paypal/orders/`. Only the programme and, optionally, the currency the member expects: the
 * amount always comes from the programme's row: one sent as `amount` or `price` is ignored.
 */
export class CreateOrderDto {
  @rules(
    Transform(optionalNumber),
    IsInt({ message: PROGRAM_ID_MESSAGE }),
    Min(1, { message: PROGRAM_ID_MESSAGE }),
    Max(2_147_483_647, { message: PROGRAM_ID_MESSAGE }),
  )
  program_id!: number;

  @rules(
    IsOptional(),
    Transform(optionalTrim),
    IsIn(CURRENCIES, { message: `currency must be one of: ${CURRENCIES.join(', ')}` }),
  )
  currency?: Currency;

  @ignoredField()
  amount?: undefined;

  @ignoredField()
  price?: undefined;
}
