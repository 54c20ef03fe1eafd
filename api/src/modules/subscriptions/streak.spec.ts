import { streakOf } from './streak.js';

const at = (iso: string) => new Date(iso);

describe('streakOf', () => {
  it('is all zero without completions', () => {
    expect(streakOf([], 'UTC', at('2027-01-10T12:00:00Z'))).toEqual({
      current: 0,
      longest: 0,
      lastActiveOn: null,
      completedToday: false,
    });
  });

  it('counts consecutive days once each, however many lessons a day holds', () => {
    const done = [
      '2027-01-08T09:00:00Z',
      '2027-01-09T07:00:00Z',
      '2027-01-09T20:00:00Z',
      '2027-01-10T06:00:00Z',
    ];
    expect(streakOf(done.map(at), 'UTC', at('2027-01-10T12:00:00Z'))).toEqual({
      current: 3,
      longest: 3,
      lastActiveOn: '2027-01-10',
      completedToday: true,
    });
  });

  it('keeps a streak that ended yesterday until the day is over, then breaks it', () => {
    const done = ['2027-01-08T09:00:00Z', '2027-01-09T09:00:00Z'].map(at);
    expect(streakOf(done, 'UTC', at('2027-01-10T23:59:59Z'))).toMatchObject({
      current: 2,
      completedToday: false,
    });
    expect(streakOf(done, 'UTC', at('2027-01-11T00:00:00Z'))).toMatchObject({
      current: 0,
      longest: 2,
      lastActiveOn: '2027-01-09',
    });
  });

  it('keeps the longest run apart from the current one', () => {
    const done = [
      '2027-01-01T10:00:00Z',
      '2027-01-02T10:00:00Z',
      '2027-01-03T10:00:00Z',
      '2027-01-04T10:00:00Z',
      '2027-01-08T10:00:00Z',
      '2027-01-09T10:00:00Z',
    ].map(at);
    expect(streakOf(done, 'UTC', at('2027-01-09T11:00:00Z'))).toMatchObject({ current: 2, longest: 4 });
  });

  it('counts days across a month and a year end', () => {
    const done = [
      '2026-12-31T10:00:00Z',
      '2027-01-01T10:00:00Z',
      '2027-02-28T10:00:00Z',
      '2027-03-01T10:00:00Z',
    ];
    expect(streakOf(done.map(at), 'UTC', at('2027-03-01T11:00:00Z'))).toMatchObject({
      current: 2,
      longest: 2,
    });
  });

  it("counts Kolkata's days from its own midnight, 18:30 UTC", () => {
    // 18:29 UTC is still the 9th in Kolkata, 18:31 already the 10th: two days, not one.
    const done = ['2027-01-09T18:29:00Z', '2027-01-09T18:31:00Z'].map(at);
    expect(streakOf(done, 'Asia/Kolkata', at('2027-01-10T05:00:00Z'))).toEqual({
      current: 2,
      longest: 2,
      lastActiveOn: '2027-01-10',
      completedToday: true,
    });
    // The same two instants are one day in UTC.
    expect(streakOf(done, 'UTC', at('2027-01-10T05:00:00Z'))).toMatchObject({ current: 1, longest: 1 });
  });

  it('knows whether today is done in the zone, not in UTC', () => {
    // 20:00 UTC on the 9th is already the 10th in Kolkata: on the 10th, today is done there, not in UTC.
    const done = [at('2027-01-09T20:00:00Z')];
    const now = at('2027-01-10T05:00:00Z');
    expect(streakOf(done, 'Asia/Kolkata', now)).toMatchObject({ completedToday: true, current: 1 });
    expect(streakOf(done, 'UTC', now)).toMatchObject({ completedToday: false, current: 1 });
    expect(streakOf(done, 'Asia/Kolkata', at('2027-01-10T18:29:00Z'))).toMatchObject({
      completedToday: true,
    });
    expect(streakOf(done, 'Asia/Kolkata', at('2027-01-10T18:30:00Z'))).toMatchObject({
      completedToday: false,
      current: 1,
    });
  });

  it("runs across Berlin's 23-hour day, the last Sunday of March 2027", () => {
    // Saturday 23:30 CET, Sunday 00:30 CET and 23:30 CEST (21:30 UTC), Monday 00:15 CEST (22:15 UTC Sunday).
    const done = [
      '2027-03-27T22:30:00Z',
      '2027-03-27T23:30:00Z',
      '2027-03-28T21:30:00Z',
      '2027-03-28T22:15:00Z',
    ].map(at);
    expect(streakOf(done, 'Europe/Berlin', at('2027-03-28T22:30:00Z'))).toEqual({
      current: 3,
      longest: 3,
      lastActiveOn: '2027-03-29',
      completedToday: true,
    });
    // Monday ends at 22:00 UTC in summer time: Tuesday 00:30 keeps the streak, Wednesday 00:00 breaks it.
    expect(streakOf(done, 'Europe/Berlin', at('2027-03-29T22:30:00Z'))).toMatchObject({
      current: 3,
      completedToday: false,
    });
    expect(streakOf(done, 'Europe/Berlin', at('2027-03-30T22:00:00Z'))).toMatchObject({
      current: 0,
      longest: 3,
    });
  });

  it('never counts a completion after now beyond today', () => {
    const done = [at('2027-01-10T10:00:00Z'), at('2027-01-11T10:00:00Z')];
    expect(streakOf(done, 'UTC', at('2027-01-10T12:00:00Z'))).toMatchObject({
      current: 1,
      lastActiveOn: '2027-01-10',
    });
  });
});
