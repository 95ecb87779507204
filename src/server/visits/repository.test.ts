import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { countVisits, listVisitsOf } from './repository.ts';
import { recordVisit } from './service.ts';

const visitor = '0b8f7a51-3c3e-4f4e-9a39-5b7a3c1d2e4f';
const visit = {
  visitor_id: visitor,
  path: '/clinics/1?x=y',
  referrer: 'https://www.google.com/',
  user_agent: 'Mozilla/5.0 (Linux; Android 10)',
  screen_width: 375,
  screen_height: 812,
  device_type: 'mobile' as const,
};

describeEachDatabase('visits repository', (database) => {
  it('stores a visit as reported, with a server timestamp', async () => {
    const before = Date.now();
    await recordVisit(database().db, visit);
    const [row] = await listVisitsOf(database().db, visitor);
    expect(row).toMatchObject({
      visitorId: visitor,
      path: '/clinics/1?x=y',
      referrer: 'https://www.google.com/',
      screenWidth: 375,
      deviceType: 'mobile',
    });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('counts every visit and keeps them apart per visitor', async () => {
    const other = '7d7d1c0e-1111-4222-8333-944455556666';
    await recordVisit(database().db, { ...visit, visitor_id: other, device_type: 'desktop', screen_width: 1920 });
    expect(await countVisits(database().db)).toBe(2);
    expect(await listVisitsOf(database().db, other)).toHaveLength(1);
  });

  it('refuses a device type outside the three kinds, at the database too', async () => {
    await expect(recordVisit(database().db, { ...visit, device_type: 'fridge' as 'mobile' })).rejects.toThrow();
    expect(await countVisits(database().db)).toBe(2);
  });
});
