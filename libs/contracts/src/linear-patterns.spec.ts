import { ESLint } from 'eslint';

// Rules that keep regular expressions linear (eslint.config.js): a backtracking one lets input stall the server.

const RULES = ['regexp/no-super-linear-backtracking', 'regexp/no-super-linear-move'];
const ERROR = 2;

const eslint = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => RULES.includes(ruleId) });

async function problems(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map(({ ruleId, severity }) => ({ ruleId, severity }));
}

const FORMER_EMAIL = [
  "export const EMAIL_PATTERN = '^[^\\\\s@]+@[^\\\\s@]+\\\\.[^\\\\s@]+$';",
  'export const EMAIL_REGEX = new RegExp(EMAIL_PATTERN);',
  '',
].join('\n');

describe('linear regular expressions', () => {
  it.each([
    'libs/contracts/src/limits.ts',
    'api/src/modules/users/any.ts',
    'web/app/utils/any.ts',
    'scripts/any.mjs',
  ])('the former e-mail pattern is a lint error in %s', async (file) => {
    expect(await problems(FORMER_EMAIL, file)).toEqual([
      { ruleId: 'regexp/no-super-linear-backtracking', severity: ERROR },
    ]);
  });

  it('a pattern that is slow from every start is a lint error', async () => {
    expect(
      await problems("export const trimmed = (url: string) => url.replace(/\\/+$/, '');\n", 'api/src/any.ts'),
    ).toEqual([{ ruleId: 'regexp/no-super-linear-move', severity: ERROR }]);
  });

  it('the code base has no such pattern', async () => {
    const results = await eslint.lintFiles(['api/src', 'libs/contracts/src', 'web/app', 'scripts']);
    const found = results.flatMap(({ filePath, messages }) =>
      messages.map(({ line, ruleId }) => `${filePath.slice(process.cwd().length + 1)}:${line} ${ruleId}`),
    );
    expect(found).toEqual([]);
  }, 60_000);
});
