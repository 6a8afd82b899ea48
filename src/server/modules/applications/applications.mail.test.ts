import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver';
import { createPropertyWithUnits } from '../../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';

const DAY = 86_400_000;

describe('applicants whose unit is let to someone else', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  let landlord: TestUser;
  let address = 0;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      mail: { smtpUrl: smtp.url, from: 'Porchlight <no-reply@example.test>', timeoutMs: 5_000 },
      publicUrl: 'https://porchlight.example.test',
    });
    landlord = await signUpAndLogin(t, 'Landlord');
    // Only the applicants' mail is counted here: the landlord's notice of each application is not.
    const quiet = await landlord.request({
      method: 'PUT',
      url: '/api/notification-preferences',
      payload: [{ kind: 'applications.received', email: false }],
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const apply = async (unitId: number, firstName: string, email: string) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/applications',
      remoteAddress: `10.9.0.${++address}`,
      payload: {
        unitId,
        unitNumber: 'x',
        firstName,
        lastName: 'Applicant',
        email,
        phoneNumber: '+12125550199',
        moveInDate: new Date(t.clock.now.getTime() + 30 * DAY).toISOString().slice(0, 10),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number };
  };

  it('are each mailed once that it was let, when the approval commits', async () => {
    const { propertyId, units } = await createPropertyWithUnits(landlord);
    const property = (
      await t.request({ method: 'GET', url: `/api/properties/${propertyId}` })
    ).json() as { name: string };
    const unit = units[0]!;
    const chosen = await apply(unit.id, 'Ana', 'ana@example.com');
    await apply(unit.id, 'Ben', 'ben@example.com');
    await apply(unit.id, 'Cy', 'cy@example.com');

    const approve = await landlord.request({
      method: 'POST',
      url: `/api/applications/${chosen.id}/approve`,
    });
    expect(approve.statusCode, approve.body).toBe(201);
    // Delivery is a job: nothing is sent during the request.
    expect(smtp.received).toHaveLength(0);
    await t.app.jobs.runDueJobs(t.clock.now);
    await t.app.jobs.runDueJobs(t.clock.now);

    const sent = smtp.received.map((mail) => ({
      to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
      subject: mail.subject,
      text: mail.text ?? '',
    }));
    expect(sent.map((mail) => mail.to).sort()).toEqual(['ben@example.com', 'cy@example.com']);
    for (const mail of sent) {
      expect(mail.subject).toBe(`Unit ${unit.unitNumber} at ${property.name} has been let`);
      expect(mail.text).toContain('It has now been let to another applicant');
    }
  });

  it('are not mailed when a rejection is the landlord’s own choice', async () => {
    const before = smtp.received.length;
    const { units } = await createPropertyWithUnits(landlord);
    const application = await apply(units[0]!.id, 'Dee', 'dee@example.com');
    const reject = await landlord.request({
      method: 'POST',
      url: `/api/applications/${application.id}/reject`,
    });
    expect(reject.statusCode).toBe(200);
    await t.app.jobs.runDueJobs(t.clock.now);
    expect(smtp.received).toHaveLength(before);
  });
});
