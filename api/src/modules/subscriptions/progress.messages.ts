/** The refusals of reading a member's progress in a programme. */
export const PROGRESS_MESSAGES = {
  notAllowed: "You may only see your own progress, or your programme's members'",
  malformedProgram: 'Not found',
  userNotFound: 'User not found',
} as const;
