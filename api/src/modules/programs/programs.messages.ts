/** The texts of the programme endpoints' answers and refusals, apart from the services that send them. */
export const PROGRAM_MESSAGES = {
  created: 'Programme created',
  updated: 'Programme updated',
  notFound: 'Programme not found',
  notOwner: 'You do not own this programme',
  trainerNotFound: 'Trainer not found',
  requestSent: 'Publish request sent',
  requestPending: 'Request already submitted',
  alreadyPublished: 'Program is already published',
  published: 'Program Published',
  blocked: 'Program Blocked',
  rejected: 'Program Rejected',
  notPending: 'Only a programme waiting for approval can be rejected',
} as const;
