import { describe, expect, it } from 'vitest';
import { type HospitalAuditMark, isHospitalPath, markAudited } from './audit.ts';

describe('isHospitalPath', () => {
  it('knows the hospital API in any spelling', () => {
    for (const url of [
      '/api/hospital/v1/nope',
      '/api/hospital/v1/Withdrawals',
      '/api/hospital/v1//withdrawals',
      '//api/hospital/v1/withdrawals',
      '/api/hospital/v2/x',
      '/api/hospital/v1/withdrawals/',
      '/API/Hospital/v1/withdrawals',
      '/api/hospital',
      '/api\\hospital/v1/x',
      '/api/x/../hospital/v1/x',
      '/api/%68ospital/v1/x',
      '/api/hospital/%ZZ',
      '/api/hospital?x=1',
    ]) {
      expect(isHospitalPath(url), url).toBe(true);
    }
    for (const url of ['/api/hospitals', '/api/wallet', '/hospital/api', '/api/invoices?next=/api/hospital/', '/']) expect(isHospitalPath(url), url).toBe(false);
  });

  it('markAudited marks an object and ignores anything else', () => {
    const locals: HospitalAuditMark = {};
    markAudited(locals);
    expect(locals.hospitalAudited).toBe(true);
    expect(() => markAudited(undefined)).not.toThrow();
  });
});
