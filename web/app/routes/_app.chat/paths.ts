/** The chat page's address: a conversation (`?with=`), and a page of its earlier messages (`&before=`). */
export const chatPath = (withUser: number | null, before?: number) =>
  withUser === null ? '/chat' : `/chat?with=${withUser}${before ? `&before=${before}` : ''}`;

/** What the page's forms ask of its action: send a text (the default), or read the open conversation. */
export const CHAT_READ_INTENT = 'read';
