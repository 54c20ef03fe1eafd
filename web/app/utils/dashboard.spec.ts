import { describe, expect, it } from '@jest/globals';
import { type DashboardView, parseView, programSavedMessage, viewSearch } from './dashboard';
import { MESSAGES } from './messages';

const view = (query: string, isTrainer = true) => parseView(new URLSearchParams(query), isTrainer);

describe(parseView.name, () => {
  it('opens on the profile', () => {
    expect(view('')).toEqual({ name: 'profile' });
    expect(view('view=unknown')).toEqual({ name: 'profile' });
  });

  it("reads a trainer's views, with their programme and open lesson", () => {
    expect(view('view=programmes')).toEqual({ name: 'programmes' });
    expect(view('view=create')).toEqual({ name: 'create' });
    expect(view('view=edit&program=7')).toEqual({ name: 'edit', programId: 7 });
    expect(view('view=lessons&program=7')).toEqual({ name: 'lessons', programId: 7, lesson: null });
    expect(view('view=lessons&program=7&lesson=new')).toEqual({
      name: 'lessons',
      programId: 7,
      lesson: 'new',
    });
    expect(view('view=lessons&program=7&lesson=12')).toEqual({ name: 'lessons', programId: 7, lesson: 12 });
  });

  it('takes a view missing its programme, or of the other role, for the profile', () => {
    expect(view('view=lessons')).toEqual({ name: 'profile' });
    expect(view('view=edit&program=abc')).toEqual({ name: 'profile' });
    expect(view('view=programmes', false)).toEqual({ name: 'profile' });
    expect(view('view=subscribed')).toEqual({ name: 'profile' });
    expect(view('view=subscribed', false)).toEqual({ name: 'subscribed' });
    expect(view('view=communities', false)).toEqual({ name: 'profile' });
  });
});

describe(viewSearch.name, () => {
  it.each<[DashboardView, string]>([
    [{ name: 'profile' }, ''],
    [{ name: 'programmes' }, '?view=programmes'],
    [{ name: 'edit', programId: 3 }, '?view=edit&program=3'],
    [{ name: 'lessons', programId: 3, lesson: null }, '?view=lessons&program=3'],
    [{ name: 'lessons', programId: 3, lesson: 'new' }, '?view=lessons&program=3&lesson=new'],
  ])('%j is %j, which parses back to it', (dashboardView, search) => {
    expect(viewSearch(dashboardView)).toBe(search);
    expect(view(search.slice(1))).toEqual(dashboardView);
  });
});

describe(programSavedMessage.name, () => {
  it("tells the trainer when an edit sent the programme back to review, else repeats the API's message", () => {
    expect(programSavedMessage({ message: 'Programme updated', back_to_review: true })).toBe(
      MESSAGES.programBackToReview,
    );
    expect(programSavedMessage({ message: 'Programme updated', back_to_review: false })).toBe(
      'Programme updated',
    );
    expect(programSavedMessage({ message: 'Programme created' })).toBe('Programme created');
  });
});
