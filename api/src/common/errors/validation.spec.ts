import { BadRequestException, type ArgumentMetadata } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import {
  BODY_MAX_KEYS,
  PaginationQueryDto,
  RegisterDto,
  rules,
  UpdateUserDto,
  VALIDATION_MESSAGES,
  VerifyTokenDto,
} from '@fitcoach/contracts';
import {
  IsString,
  MaxLength,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { createValidationPipe } from './validation.js';

const pipe = createValidationPipe();
const asBody = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'body', metatype });

async function refusal(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
  const error = await pipe.transform(value, metadata).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BadRequestException);
  return (error as BadRequestException).getResponse();
}

const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));

let patternChecks = 0;

@ValidatorConstraint({ name: 'countedPattern' })
class CountedPattern implements ValidatorConstraintInterface {
  validate(): boolean {
    patternChecks += 1;
    return false;
  }
}

class NicknameDto {
  @rules(IsString(), MaxLength(3), Validate(CountedPattern, { message: 'nickname is not a nickname' }))
  nickname!: string;
}

describe('createValidationPipe', () => {
  it("stops at a field's first failed rule: a value too long never reaches its pattern", async () => {
    patternChecks = 0;
    expect(await refusal({ nickname: 'abcdef' }, asBody(NicknameDto))).toEqual({
      message: 'nickname must be shorter than or equal to 3 characters',
      errors: [{ field: 'nickname', message: 'nickname must be shorter than or equal to 3 characters' }],
    });
    expect(patternChecks).toBe(0);
  });

  it('refuses a field the DTO does not declare, by name', async () => {
    expect(await refusal({ token: 'abc', nickname: 'x' }, asBody(VerifyTokenDto))).toEqual({
      message: 'Unknown field "nickname"',
      errors: [{ field: 'nickname', message: 'Unknown field "nickname"' }],
    });
    expect(await refusal({ token: 'abc', is_superuser: true, id: 1 }, asBody(VerifyTokenDto))).toEqual({
      message: 'Unknown fields "is_superuser", "id"',
      errors: [
        { field: 'is_superuser', message: 'Unknown field "is_superuser"' },
        { field: 'id', message: 'Unknown field "id"' },
      ],
    });
  });

  it('shows the start of a very long unknown name', async () => {
    const name = 'n'.repeat(10_000);
    const shown = `${'n'.repeat(64)}…`;
    expect(await refusal({ token: 'abc', [name]: 1 }, asBody(VerifyTokenDto))).toEqual({
      message: `Unknown field "${shown}"`,
      errors: [{ field: shown, message: `Unknown field "${shown}"` }],
    });
  });

  it(`refuses a body with more than ${BODY_MAX_KEYS} keys in one object, at any depth`, async () => {
    expect(await refusal(keys(60_000), asBody(VerifyTokenDto))).toEqual({
      message: `The request body has more than ${BODY_MAX_KEYS} fields`,
    });
    expect(await refusal({ token: keys(BODY_MAX_KEYS + 1) }, asBody(VerifyTokenDto))).toEqual({
      message: `token has more than ${BODY_MAX_KEYS} keys`,
      errors: [{ field: 'token', message: `token has more than ${BODY_MAX_KEYS} keys` }],
    });
    expect(await refusal({ token: [[keys(BODY_MAX_KEYS + 1)]] }, asBody(VerifyTokenDto))).toMatchObject({
      message: `token.0.0 has more than ${BODY_MAX_KEYS} keys`,
    });
  });

  it(`takes ${BODY_MAX_KEYS} keys in an object, then validates it`, async () => {
    expect(await refusal({ token: keys(BODY_MAX_KEYS) }, asBody(VerifyTokenDto))).toEqual({
      message: 'token is required',
      errors: [{ field: 'token', message: 'token is required' }],
    });
  });

  it('takes a text in place of a multipart image, and drops it', async () => {
    const dto = await pipe.transform({ first_name: 'Ann', profile_picture: 'null' }, asBody(UpdateUserDto));
    expect(dto).toBeInstanceOf(UpdateUserDto);
    expect(dto).toMatchObject({ first_name: 'Ann', profile_picture: undefined });
  });

  it("leaves a query's other parameters and an untyped body alone", async () => {
    const query = await pipe.transform(
      { page: '2', utm_source: 'mail' },
      { type: 'query', metatype: PaginationQueryDto },
    );
    expect(query).toEqual(Object.assign(new PaginationQueryDto(), { page: 2 }));
    const body = keys(60_000);
    expect(await pipe.transform(body, asBody(Object))).toBe(body);
  });

  it('still refuses a registration as before: the first failed rule of each field', async () => {
    expect(
      await refusal({ first_name: '', last_name: 'Lee1', email: 5, password: 'short' }, asBody(RegisterDto)),
    ).toEqual({
      message: 'first_name is required',
      errors: [
        { field: 'first_name', message: 'first_name is required' },
        { field: 'last_name', message: VALIDATION_MESSAGES.name },
        { field: 'email', message: 'email is required' },
        { field: 'password', message: 'Password must be 8 to 128 characters long.' },
      ],
    });
  });
});
