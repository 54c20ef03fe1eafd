import { describe, expect, it } from '@jest/globals';
import type { ChatMessage } from '@fitcoach/contracts';
import { mergeLoaded, RECEIVED_KEPT, remember } from './conversation';

const ME = 1;
const TRAINER = 2;
const OTHER = 3;

function message(id: number, sender: number, recipient: number, deleted = false): ChatMessage {
  return {
    id,
    sender,
    sender_name: `user ${sender}`,
    recipient,
    type: 'text',
    message: deleted ? null : `message ${id}`,
    image: null,
    timestamp: new Date(Date.UTC(2026, 10, 25, 12, 0, id)).toISOString(),
    deleted,
    forwarded: false,
  };
}

const ids = (list: ChatMessage[]) => list.map((m) => m.id);

describe(mergeLoaded.name, () => {
  it('keeps a message of the opened conversation that arrived while its load was in flight', () => {
    // The member clicked the trainer; before the load answered (with messages up to 10), message 12 came in.
    const loaded = [message(9, TRAINER, ME), message(10, ME, TRAINER)];
    const received = [message(11, OTHER, ME), message(12, TRAINER, ME)];
    expect(ids(mergeLoaded(loaded, received, ME, TRAINER))).toEqual([9, 10, 12]);
  });

  it('adds nothing the load already holds, and nothing older than its newest message', () => {
    const loaded = [message(5, TRAINER, ME), message(8, ME, TRAINER)];
    const received = [message(5, TRAINER, ME), message(7, TRAINER, ME), message(8, ME, TRAINER)];
    expect(ids(mergeLoaded(loaded, received, ME, TRAINER))).toEqual([5, 8]);
  });

  it('takes every received message into an empty conversation, in id order, with its latest state', () => {
    const received = [message(4, ME, TRAINER), message(3, TRAINER, ME), message(4, ME, TRAINER, true)];
    const merged = mergeLoaded([], received, ME, TRAINER);
    expect(ids(merged)).toEqual([3, 4]);
    expect(merged[1]?.deleted).toBe(true);
  });

  it('shows no conversation when none is selected', () => {
    expect(mergeLoaded([], [message(1, TRAINER, ME)], ME, null)).toEqual([]);
  });
});

describe(remember.name, () => {
  it('replaces an older copy of the same message', () => {
    const kept = remember([message(1, TRAINER, ME), message(2, ME, TRAINER)], message(1, TRAINER, ME, true));
    expect(ids(kept)).toEqual([2, 1]);
    expect(kept[1]?.deleted).toBe(true);
  });

  it(`keeps the newest ${RECEIVED_KEPT}`, () => {
    let kept: ChatMessage[] = [];
    for (let id = 1; id <= RECEIVED_KEPT + 5; id++) kept = remember(kept, message(id, TRAINER, ME));
    expect(kept).toHaveLength(RECEIVED_KEPT);
    expect(kept[0]?.id).toBe(6);
  });
});
