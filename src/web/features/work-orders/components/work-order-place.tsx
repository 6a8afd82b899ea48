import type { WorkOrderSummary } from '../../../../shared/schemas/work-orders';
import { PropertyLink, UnitLink } from '../../../components/record-links';

/** Where a work order is: its property and unit, each a link to its page, as lists name them. */
export function WorkOrderPlace({
  order,
}: {
  order: Pick<WorkOrderSummary, 'propertyId' | 'propertyName' | 'unitId' | 'unitNumber'>;
}) {
  return (
    <>
      <PropertyLink id={order.propertyId}>{order.propertyName}</PropertyLink>,{' '}
      <UnitLink id={order.unitId}>unit {order.unitNumber}</UnitLink>
    </>
  );
}
