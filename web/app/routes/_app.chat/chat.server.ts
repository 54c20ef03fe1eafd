import { CHAT_HISTORY_PAGE_SIZE, type ChatContact, type ChatMessage } from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { requireUser } from '~/utils/auth.server';
import { parseId } from '~/utils/catalogue';
import { readForm } from '~/utils/multipart.server';
import { redirectWithToast } from '~/utils/toast.server';
import { dataOrThrow, invariantResponse } from '~/utils/invariant';
import { MESSAGES } from '~/utils/messages';
import { CHAT_READ_INTENT, chatPath } from './paths';

/*
 * The chat page's loader and action (docs/architecture.md §8). With JavaScript the page then lives on the socket;
 * without it, this is the whole chat: the contacts, the open conversation, and a form that sends a text.
 */

export interface ChatPageData {
  me: { id: number; isTrainer: boolean };
  contacts: ChatContact[];
  /** The contact whose conversation is open (`?with=`), if any. */
  selected: number | null;
  messages: ChatMessage[];
  /** Whether older messages exist before the first one shown. */
  hasEarlier: boolean;
}

export async function loadChat(args: LoaderFunctionArgs): Promise<ChatPageData> {
  const user = await requireUser(args);
  const search = new URL(args.request.url).searchParams;
  const contacts = dataOrThrow(await api.chatContacts(args));
  const me = { id: user.id, isTrainer: user.is_trainer };
  const wanted = parseId(search.get('with'));
  const contact = contacts.find((candidate) => candidate.id === wanted);
  if (!contact) return { me, contacts, selected: null, messages: [], hasEarlier: false };

  const before = parseId(search.get('before')) ?? undefined;
  const history = dataOrThrow(await api.chatMessages(args, contact.id, before));
  return {
    me,
    contacts,
    selected: contact.id,
    messages: history,
    hasEarlier: history.length === CHAT_HISTORY_PAGE_SIZE,
  };
}

/**
 * The page's forms, then back to the conversation (post/redirect/get): a text sent to the open conversation's
 * contact, or the conversation marked read (a POST: opening a page, or a link previewer fetching it, reads nothing).
 */
export async function chatAction(args: ActionFunctionArgs): Promise<Response> {
  await requireUser(args);
  const submitted = await readForm(args.request);
  const field = (name: string) => {
    const value = submitted?.form.get(name);
    return typeof value === 'string' ? value : null;
  };
  const to = parseId(field('to'));
  invariantResponse(submitted && to !== null, MESSAGES.invalidInput);
  if (field('intent') === CHAT_READ_INTENT) {
    const read = await api.readConversation(args, to);
    if (!read.ok) {
      return redirectWithToast(chatPath(to), { type: 'error', message: read.error.message }, args.request);
    }
    return redirect(chatPath(to));
  }
  const text = field('text');
  invariantResponse(text !== null, MESSAGES.invalidInput);
  const result = await api.sendChatMessage(args, to, text);
  if (!result.ok) {
    return redirectWithToast(chatPath(to), { type: 'error', message: result.error.message }, args.request);
  }
  return redirect(chatPath(to));
}
