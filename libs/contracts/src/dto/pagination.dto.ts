import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { PAGINATION } from '../limits.js';
import { optionalNumber } from './transforms.js';

/** `?page=&page_size=` of every list that can grow (API.md general rules). */
export class PaginationQueryDto {
  @IsOptional()
  @Transform(optionalNumber)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1)
  page?: number;

  @IsOptional()
  @Transform(optionalNumber)
  @IsInt({ message: 'page_size must be a whole number' })
  @Min(1)
  @Max(PAGINATION.maxPageSize)
  page_size?: number;
}
