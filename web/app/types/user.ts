/** The signed-in user as `GET /api/users/me/` returns it (docs/product.md §3). */
export interface CurrentUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  /** Root-relative media path (`/media/...`) or null. */
  profile_picture: string | null;
  is_trainer: boolean;
  is_superuser: boolean;
  blocked: boolean;
  profile: {
    height: number | null;
    weight: number | null;
    body_fat: number | null;
    age: number | null;
    phone: string | null;
  };
}
