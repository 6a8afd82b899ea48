import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface RecordLinkProps {
  id: number;
  children: ReactNode;
}

/** A property's name as a link to its page (/properties/{id}), as every list shows it. */
export function PropertyLink({ id, children }: RecordLinkProps) {
  return (
    <Anchor component={Link} to={`/properties/${id}`}>
      {children}
    </Anchor>
  );
}

/** A unit's number as a link to its page (/units/{id}). */
export function UnitLink({ id, children }: RecordLinkProps) {
  return (
    <Anchor component={Link} to={`/units/${id}`}>
      {children}
    </Anchor>
  );
}

/** A tenant's name as a link to the tenant's page (/tenants/{id}; the edit form is /tenant/{id}). */
export function TenantLink({ id, children }: RecordLinkProps) {
  return (
    <Anchor component={Link} to={`/tenants/${id}`}>
      {children}
    </Anchor>
  );
}
