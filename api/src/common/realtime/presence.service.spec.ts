import { describe, expect, it, jest } from '@jest/globals';
import { PresenceService } from './presence.service.js';
import type { RealtimeService } from './realtime.service.js';

function realtime(here: number[], elsewhere: number[]) {
  const fake = {
    connectedHere: jest.fn(async (userId: number) => here.includes(userId)),
    connectedUsers: jest.fn(async (ids: readonly number[] | null) =>
      [...here, ...elsewhere].filter((id) => ids === null || ids.includes(id)),
    ),
  };
  return { fake, presence: new PresenceService(fake as unknown as RealtimeService) };
}

describe(PresenceService.name, () => {
  it('answers from this instance without asking the others', async () => {
    const { fake, presence } = realtime([7], []);
    expect(await presence.recentlyOnline(7)).toBe(true);
    expect(await presence.isOnline(7)).toBe(true);
    expect(fake.connectedUsers).not.toHaveBeenCalled();
  });

  it("trusts another instance's 'online' for a second, then asks again", async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const elsewhere = [7];
      const { fake, presence } = realtime([], elsewhere);
      expect(await presence.recentlyOnline(7)).toBe(true);
      elsewhere.length = 0;
      jest.setSystemTime(1_000_999);
      expect(await presence.recentlyOnline(7)).toBe(true);
      expect(fake.connectedUsers).toHaveBeenCalledTimes(1);
      expect(await presence.isOnline(7)).toBe(false);
      jest.setSystemTime(1_001_000);
      expect(await presence.recentlyOnline(7)).toBe(false);
      expect(fake.connectedUsers).toHaveBeenCalledTimes(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it("never remembers 'offline': a user who comes online is seen at once", async () => {
    const elsewhere: number[] = [];
    const { presence } = realtime([], elsewhere);
    expect(await presence.recentlyOnline(7)).toBe(false);
    elsewhere.push(7);
    expect(await presence.recentlyOnline(7)).toBe(true);
  });

  it('lists the online users among the given ones, in their order', async () => {
    const { presence } = realtime([9], [3]);
    expect(await presence.onlineAmong([3, 5, 9])).toEqual([3, 9]);
    expect(await presence.onlineAmong([])).toEqual([]);
    expect(await presence.all()).toEqual([3, 9]);
  });
});
