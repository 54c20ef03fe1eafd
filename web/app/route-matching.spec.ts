import { describe, expect, it } from '@jest/globals';
import { matchRoutes } from '@remix-run/react';

// The server matches every page against the site's routes with a patched @remix-run/router (ADR 064): trees ranked
// once, and branches whose first fixed segment differs from the URL's skipped. A URL must still find the route it
// found before the patch, whatever its case, encoding, slashes or base.

const routes: Parameters<typeof matchRoutes>[0] = [
  {
    id: 'root',
    path: '',
    children: [
      {
        id: 'app',
        children: [
          { id: 'home', index: true },
          { id: 'programmes', path: 'programmes' },
          { id: 'lesson', path: 'programLesson/:id' },
          { id: 'details', path: 'programDetails/:id', children: [{ id: 'checkout', path: 'checkout' }] },
          { id: 'admin', path: 'admin', children: [{ id: 'admin-users', path: 'users' }] },
        ],
      },
      { id: 'about', path: ':lang/about' },
      { id: 'exact-case', path: 'CaseOnly', caseSensitive: true },
      { id: 'files', path: 'files/*' },
      { id: 'optional', path: 'optional?/page' },
      { id: 'sitemap', path: 'sitemap.xml' },
      { id: 'not-found', path: '*' },
    ],
  },
];

function matched(pathname: string, basename?: string) {
  const matches = matchRoutes(routes, pathname, basename);
  return matches && { ids: matches.map((match) => match.route.id), params: matches.at(-1)?.params };
}

describe('route matching on the server', () => {
  it('finds a fixed route whatever the case, trailing slash or encoding of its segment', () => {
    for (const path of ['/programmes', '/PROGRAMMES/', '/%70rogrammes', '/ProGrammes']) {
      expect(matched(path)?.ids).toEqual(['root', 'app', 'programmes']);
    }
  });

  it('finds a route with parameters, a nested route and the index route', () => {
    expect(matched('/programLesson/12')).toEqual({ ids: ['root', 'app', 'lesson'], params: { id: '12' } });
    expect(matched('/programdetails/17/checkout')).toEqual({
      ids: ['root', 'app', 'details', 'checkout'],
      params: { id: '17' },
    });
    expect(matched('/admin/users')?.ids).toEqual(['root', 'app', 'admin', 'admin-users']);
    expect(matched('/')?.ids).toEqual(['root', 'app', 'home']);
  });

  it('finds routes whose first segment is a parameter, a splat or optional', () => {
    expect(matched('/fr/about')).toEqual({ ids: ['root', 'about'], params: { lang: 'fr' } });
    expect(matched('/programmes/about')).toEqual({ ids: ['root', 'about'], params: { lang: 'programmes' } });
    expect(matched('/files/a/b')).toEqual({ ids: ['root', 'files'], params: { '*': 'a/b' } });
    expect(matched('/page')?.ids).toEqual(['root', 'optional']);
    expect(matched('/optional/page')?.ids).toEqual(['root', 'optional']);
    expect(matched('/sitemap.xml')?.ids).toEqual(['root', 'sitemap']);
  });

  it('keeps a case-sensitive route to its own case', () => {
    expect(matched('/CaseOnly')?.ids).toEqual(['root', 'exact-case']);
    expect(matched('/caseonly')?.ids).toEqual(['root', 'not-found']);
  });

  it('sends what matches nothing else to the catch-all, a URL outside the base to nothing', () => {
    for (const path of ['/programLesson', '/programLesson/12/more', '//programmes', '/unknown']) {
      expect(matched(path)?.ids).toEqual(['root', 'not-found']);
    }
    expect(matched('/app/programmes', '/app')?.ids).toEqual(['root', 'app', 'programmes']);
    expect(matched('/elsewhere/programmes', '/app')).toBeNull();
  });
});
