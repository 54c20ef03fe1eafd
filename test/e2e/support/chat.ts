import { CHAT_SERVER_EVENTS } from '@fitcoach/contracts';
import type { Page } from '@playwright/test';

/**
 * Opens `path` and waits until its chat socket has joined its rooms, which the server's presence snapshot to that
 * socket tells: only then does a message sent elsewhere reach the page.
 */
export async function gotoAndJoinRooms(page: Page, path: string): Promise<void> {
  const joined = page
    .waitForEvent('websocket')
    .then((socket) =>
      socket.waitForEvent('framereceived', (frame) =>
        String(frame.payload).includes(`"${CHAT_SERVER_EVENTS.snapshot}"`),
      ),
    );
  await page.goto(path);
  await joined;
}
