import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';

describe("an owner's choice of what the public sees of their contact", () => {
  let t: TestApp;
  let owner: TestUser;
  let propertyId: number;
  const ownerOfProperty = async () =>
    (await t.request({ method: 'GET', url: `/api/properties/${propertyId}` })).json().owner;
  const publicSearch = async (q: string) =>
    (
      await t.request({ method: 'GET', url: `/api/properties?q=${encodeURIComponent(q)}` })
    ).json() as { id: number }[];
  const publicOwners = async () =>
    (await t.request({ method: 'GET', url: '/api/users?limit=100' })).json() as {
      id: number;
      email: string | null;
      phone: string | null;
    }[];
  const choose = (user: TestUser, id: number, choice: object) =>
    user.request({ method: 'PUT', url: `/api/users/${id}/public-contact`, payload: choice });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpAndLogin(t, 'Landlord');
    propertyId = (
      await owner.request({
        method: 'POST',
        url: '/api/properties',
        payload: {
          name: 'Aspen',
          address: '5 Aspen',
          city: 'Boise',
          state: 'ID',
          zipCode: '83702',
        },
      })
    ).json().id;
  });
  afterAll(() => t.close());

  it('shows email and phone by default, as the listings always have', async () => {
    expect(await ownerOfProperty()).toMatchObject({
      email: owner.user.email,
      phone: '+12125550100',
    });
    const mine = await owner.request({
      method: 'GET',
      url: `/api/users/${owner.user.id}/public-contact`,
    });
    expect(mine.json()).toEqual({ showEmail: true, showPhone: true, displayName: null });
    expect((await publicSearch(owner.user.email!)).map((p) => p.id)).toContain(propertyId);
  });

  it('hides what the owner hides: from the property, the owners list and the search', async () => {
    const response = await choose(owner, owner.user.id, { showEmail: false, showPhone: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ showEmail: false, showPhone: true, displayName: null });

    expect(await ownerOfProperty()).toMatchObject({ email: null, phone: '+12125550100' });
    const listed = (await publicOwners()).find((user) => user.id === owner.user.id);
    expect(listed).toMatchObject({ email: null, phone: '+12125550100' });
    expect((await publicSearch(owner.user.email!)).map((p) => p.id)).not.toContain(propertyId);
    const byEmail = await t.request({
      method: 'GET',
      url: `/api/users?q=${encodeURIComponent(owner.user.email!)}`,
    });
    expect((byEmail.json() as { id: number }[]).map((u) => u.id)).not.toContain(owner.user.id);

    await choose(owner, owner.user.id, { showEmail: false, showPhone: false });
    expect(await ownerOfProperty()).toMatchObject({ email: null, phone: null });
    await choose(owner, owner.user.id, { showEmail: true, showPhone: true });
    expect(await ownerOfProperty()).toMatchObject({
      email: owner.user.email,
      phone: '+12125550100',
    });
    expect((await publicSearch(owner.user.email!)).map((p) => p.id)).toContain(propertyId);
  });

  it('shows applicants the display name the owner sets, and the username again once it is emptied', async () => {
    const listed = async () => {
      const list = (
        await t.request({ method: 'GET', url: `/api/properties?q=Aspen&include=units` })
      ).json() as { id: number; owner: { name: string } }[];
      return list.find((p) => p.id === propertyId)!.owner.name;
    };
    expect((await ownerOfProperty()).name).toBe(owner.user.userName);
    expect(await listed()).toBe(owner.user.userName);

    const named = await choose(owner, owner.user.id, {
      showEmail: true,
      showPhone: true,
      displayName: '  Aspen Property Co.  ',
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toEqual({
      showEmail: true,
      showPhone: true,
      displayName: 'Aspen Property Co.',
    });
    expect(await ownerOfProperty()).toMatchObject({
      userName: owner.user.userName,
      name: 'Aspen Property Co.',
    });
    expect(await listed()).toBe('Aspen Property Co.');

    // A body without the name (the switches of an older page) leaves it as it is.
    await choose(owner, owner.user.id, { showEmail: true, showPhone: true });
    expect((await ownerOfProperty()).name).toBe('Aspen Property Co.');

    const tooLong = await choose(owner, owner.user.id, {
      showEmail: true,
      showPhone: true,
      displayName: 'x'.repeat(101),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('Display name must be at most 100 characters');
    expect((await ownerOfProperty()).name).toBe('Aspen Property Co.');

    await choose(owner, owner.user.id, { showEmail: true, showPhone: true, displayName: '' });
    expect((await ownerOfProperty()).name).toBe(owner.user.userName);
    expect(await listed()).toBe(owner.user.userName);
  });

  it("refuses another user's choice, a bad body and no session, changing nothing", async () => {
    const stranger = await signUpAndLogin(t, 'Landlord');
    const response = await choose(stranger, owner.user.id, { showEmail: false, showPhone: false });
    expect([403, 404]).toContain(response.statusCode);
    const bad = await choose(owner, owner.user.id, { showEmail: 'no', showPhone: false });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.request({
      method: 'PUT',
      url: `/api/users/${owner.user.id}/public-contact`,
      payload: { showEmail: false, showPhone: false },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await ownerOfProperty()).toMatchObject({
      email: owner.user.email,
      phone: '+12125550100',
    });
  });

  it('lets an Admin set it for an owner', async () => {
    const admin = await signUpAndLogin(t, 'Admin');
    const response = await choose(admin, owner.user.id, { showEmail: true, showPhone: false });
    expect(response.statusCode).toBe(200);
    expect(await ownerOfProperty()).toMatchObject({ email: owner.user.email, phone: null });
  });
});
