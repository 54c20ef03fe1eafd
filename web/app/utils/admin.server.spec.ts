import { describe, expect, it } from '@jest/globals';
import { ACCOUNT_SEARCH_MAX_LENGTH } from '@fitcoach/contracts';
import { accountFilters } from './admin.server';

describe(accountFilters.name, () => {
  const of = (query: string) => accountFilters(new URLSearchParams(query));

  it('passes a search and a known order on as the API takes them', () => {
    expect(of('search=%20ada%20&sort=oldest')).toEqual({ search: 'ada', sort: 'oldest' });
    expect(of('sort=newest')).toEqual({ sort: 'newest' });
  });

  it('leaves out an empty search and an order the API does not know, and cuts a long search', () => {
    expect(of('search=%20%20&sort=sideways')).toEqual({});
    expect(of(`search=${'a'.repeat(ACCOUNT_SEARCH_MAX_LENGTH + 5)}`)).toEqual({
      search: 'a'.repeat(ACCOUNT_SEARCH_MAX_LENGTH),
    });
  });
});
