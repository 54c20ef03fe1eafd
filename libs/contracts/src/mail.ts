/** How long an e-mail verification link stays valid (ARCHITECTURE §5); the mail text says so too. */
export const VERIFY_EMAIL_LINK_TTL_HOURS = 24;

/** The payload of the `mail.verify-email` job: everything the mail needs, so the processor reads no database. */
export interface VerifyEmailJob {
  to: string;
  firstName: string;
  /** The token in clear, for the link; the database keeps only its hash. */
  token: string;
  /** `register` for a new account, `email-change` to confirm a new address of an existing one. */
  purpose: 'register' | 'email-change';
}

declare module './jobs.js' {
  interface JobPayloads {
    'mail.verify-email': VerifyEmailJob;
  }
}
