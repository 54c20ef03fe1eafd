import { parseId } from './catalogue';
import { MESSAGES } from './messages';

// The dashboard's views live in the query string (`?view=lessons&program=7&lesson=new`), so each is a link that
// works without JavaScript; no `view` is the profile.

export const INTENTS = {
  updateProfile: 'update-profile',
  createProgram: 'create-programme',
  updateProgram: 'update-programme',
  requestPublication: 'request-publication',
  saveLesson: 'save-lesson',
  deleteLesson: 'delete-lesson',
  unsubscribe: 'unsubscribe',
} as const;

export type DashboardView =
  | { name: 'profile' }
  | { name: 'programmes' }
  | { name: 'create' }
  | { name: 'edit'; programId: number }
  | { name: 'lessons'; programId: number; lesson: 'new' | number | null }
  | { name: 'subscribers' }
  | { name: 'subscribed' };

/** The view a URL asks for; a view of the other role, or one missing its programme, is the profile. */
export function parseView(search: URLSearchParams, isTrainer: boolean): DashboardView {
  const name = search.get('view') ?? '';
  const programId = parseId(search.get('program'));
  if (isTrainer) {
    if (name === 'edit' && programId !== null) return { name, programId };
    if (name === 'lessons' && programId !== null) {
      const lesson = search.get('lesson');
      return { name, programId, lesson: lesson === 'new' ? 'new' : parseId(lesson) };
    }
    if (name === 'programmes' || name === 'create' || name === 'subscribers') return { name };
  } else if (name === 'subscribed') {
    return { name };
  }
  return { name: 'profile' };
}

export function viewSearch(view: DashboardView): string {
  const params = new URLSearchParams();
  if (view.name === 'profile') return '';
  params.set('view', view.name);
  if (view.name === 'edit' || view.name === 'lessons') params.set('program', String(view.programId));
  if (view.name === 'lessons' && view.lesson !== null) params.set('lesson', String(view.lesson));
  return `?${params.toString()}`;
}

/** The toast after a programme is saved: an edit that sent a published programme back to review says so. */
export function programSavedMessage(answer: { message: string; back_to_review?: boolean }): string {
  return answer.back_to_review === true ? MESSAGES.programBackToReview : answer.message;
}
