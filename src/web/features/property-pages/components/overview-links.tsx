import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { LEASE_STATE_LABELS, type LeaseState } from '../../../../shared/lease-state';
import { TenantLink } from '../../../components/record-links';
import { StatusWord } from './overview-section';
import { LEASE_STATE_COLORS, UNIT_STATUS_COLORS } from './status-colors';

interface Person {
  id: number;
  firstName: string;
  lastName: string;
}

/** A tenant's full name, leading to the tenant's page. */
export function TenantNameLink({ tenant }: { tenant: Person }) {
  return (
    <TenantLink id={tenant.id}>
      {tenant.firstName} {tenant.lastName}
    </TenantLink>
  );
}

/** Who lives in a unit, each name a link, separated by commas. */
export function TenantNames({ tenants }: { tenants: Person[] }) {
  return tenants.map((tenant, index) => (
    <span key={tenant.id}>
      {index > 0 ? ', ' : ''}
      <TenantNameLink tenant={tenant} />
    </span>
  ));
}

/** 'Lease of Ann Lee', leading to the lease. */
export function LeaseLink({ lease }: { lease: Person }) {
  return (
    <Anchor component={Link} to={`/lease/${lease.id}`}>
      Lease of {lease.firstName} {lease.lastName}
    </Anchor>
  );
}

export function LeaseStateWord({ state }: { state: LeaseState }) {
  return <StatusWord color={LEASE_STATE_COLORS[state]}>{LEASE_STATE_LABELS[state]}</StatusWord>;
}

export function UnitStatusWord({ status }: { status: string }) {
  return <StatusWord color={UNIT_STATUS_COLORS[status] ?? 'gray'}>{status}</StatusWord>;
}

/** A work order's title, leading to the work order. */
export function WorkOrderLink({ order }: { order: { id: number; title: string } }) {
  return (
    <Anchor component={Link} to={`/work-orders/${order.id}`}>
      {order.title}
    </Anchor>
  );
}
