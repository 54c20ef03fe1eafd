import type { UserResponse } from '@fitcoach/contracts';
import { useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '~/root';
import { safeRedirect } from './safe-redirect';

/** The signed-in user from the root loader, for deciding what to show (the API decides what is allowed). */
export function useOptionalUser(): UserResponse | null {
  return useRouteLoaderData<typeof rootLoader>('root')?.user ?? null;
}

export function dashboardPath(user: UserResponse | null): string {
  return user?.is_superuser ? '/admin/dashboard' : '/dashboard';
}

export function profileLinkPath(user: UserResponse): string {
  return user.is_superuser ? '/admin/dashboard' : '/TrainerDashboard';
}

/** Trainers already are one and superusers are not offered it (docs/product.md §6). */
export function canJoinAsTrainer(user: UserResponse | null): boolean {
  return !user?.is_trainer && !user?.is_superuser;
}

/** Where sign-in leads (docs/product.md §2): the page that asked first, else the admin dashboard or the dashboard. */
export function landingPath(user: UserResponse, redirectTo: string | null): string {
  return safeRedirect(redirectTo, user.is_superuser ? '/admin/dashboard' : '/trainerDashboard');
}
