import { Badge, type BadgeProps } from '@mantine/core';

/** "Verified": a superuser vouched for this trainer (docs/product.md §2.11); nothing for the others. */
export function VerifiedBadge({ verified, ...props }: BadgeProps & { verified: boolean }) {
  if (!verified) return null;
  return (
    <Badge color="green" variant="light" title="Verified by a moderator" {...props}>
      Verified
    </Badge>
  );
}
