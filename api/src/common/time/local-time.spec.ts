import {
  addDays,
  daysBetween,
  instantAt,
  isClockTime,
  isLocalDate,
  isTimeZone,
  localDate,
  localTime,
} from './local-time.js';

describe('local time', () => {
  it('accepts IANA zones, real dates and clock times only', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone(3)).toBe(false);
    expect(isLocalDate('2027-02-28')).toBe(true);
    expect(isLocalDate('2027-02-30')).toBe(false);
    expect(isLocalDate('2027-2-3')).toBe(false);
    expect(isClockTime('07:30')).toBe(true);
    expect(isClockTime('24:00')).toBe(false);
  });

  it('counts the midnight of Kolkata five and a half hours before UTC', () => {
    expect(instantAt('2027-01-10', 'Asia/Kolkata').toISOString()).toBe('2027-01-09T18:30:00.000Z');
    expect(localDate(new Date('2027-01-09T18:29:59Z'), 'Asia/Kolkata')).toBe('2027-01-09');
    expect(localDate(new Date('2027-01-09T18:30:00Z'), 'Asia/Kolkata')).toBe('2027-01-10');
  });

  it("keeps Berlin's wall clock across the last Sunday of March", () => {
    expect(instantAt('2027-03-27', 'Europe/Berlin', '08:00').toISOString()).toBe('2027-03-27T07:00:00.000Z');
    expect(instantAt('2027-03-28', 'Europe/Berlin', '08:00').toISOString()).toBe('2027-03-28T06:00:00.000Z');
    expect(instantAt('2027-03-28', 'Europe/Berlin', '02:30').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(daysBetween('2027-03-27', '2027-03-29')).toBe(2);
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
  });

  it('reads the clock an instant shows in a zone', () => {
    expect(localTime(new Date('2031-07-09T23:30:00Z'), 'Asia/Kolkata')).toBe('05:00');
    expect(localTime(new Date('2031-03-30T06:00:00Z'), 'Europe/Berlin')).toBe('08:00');
  });
});
