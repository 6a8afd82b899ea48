import { eq } from 'drizzle-orm';
import type { Subscriber } from '../../events';
import { notifyOffice } from '../notifications';
import { propertiesTable } from '../properties';
import { unitsTable } from '../units';
import type { ApplicationRow } from './applications.table';

/** The office's leasing people hear of each application a visitor sends, once. */
export const applicationReceivedNotice: Subscriber = {
  name: 'tell the office of a new application',
  on: ['applications:create'],
  notifies: ['applications.received'],
  async handle(ctx, event) {
    // The applications service records the application's row itself as this event's `after`.
    const application = event.after as ApplicationRow;
    const [place] = await ctx.tx
      .select({ propertyId: propertiesTable.id, propertyName: propertiesTable.name })
      .from(unitsTable)
      .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
      .where(eq(unitsTable.id, application.unitId))
      .limit(1);
    if (!place) return;
    const applicant = `${application.firstName} ${application.lastName}`;
    await notifyOffice(
      ctx,
      {
        organisationId: application.organisationId,
        propertyId: place.propertyId,
        category: 'leasing',
      },
      {
        key: `application:${application.id}`,
        kind: 'applications.received',
        title: `New application: ${applicant}`,
        body: `${applicant} applied to rent unit ${application.unitNumber} at ${place.propertyName}.`,
        link: '/applications',
      },
    );
  },
};
