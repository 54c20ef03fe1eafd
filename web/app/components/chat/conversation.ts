import type { ChatMessage } from '@fitcoach/contracts';

/** How many messages received over the socket are remembered for the next page load to merge. */
export const RECEIVED_KEPT = 200;

/** Whether a message belongs to the conversation between `me` and `other`. */
export function involves(message: ChatMessage, me: number, other: number): boolean {
  return (
    (message.sender === me && message.recipient === other) ||
    (message.sender === other && message.recipient === me)
  );
}

/** The list with `message` in it, replacing the one of the same id, in id order. */
export function upsert(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = list.findIndex((m) => m.id === message.id);
  if (index === -1) return [...list, message].sort((a, b) => a.id - b.id);
  const next = [...list];
  next[index] = message;
  return next;
}

/**
 * A conversation as loaded by the page, plus the messages of that conversation which reached the page over the
 * socket (or as a send's acknowledgement) after the load read the database: those newer than its newest message.
 * A message that arrives while a load is in flight, for the conversation being opened, is therefore kept.
 */
export function mergeLoaded(
  loaded: ChatMessage[],
  received: readonly ChatMessage[],
  me: number,
  selected: number | null,
): ChatMessage[] {
  if (selected === null) return loaded;
  const newest = loaded.at(-1)?.id ?? 0;
  return received
    .filter((m) => m.id > newest && involves(m, me, selected))
    .reduce((list, message) => upsert(list, message), loaded);
}

/** `received` with `message` remembered (replacing an older copy), at most RECEIVED_KEPT of them. */
export function remember(received: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  return [...received.filter((m) => m.id !== message.id), message].slice(-RECEIVED_KEPT);
}
