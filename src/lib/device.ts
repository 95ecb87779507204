export type DeviceType = 'mobile' | 'tablet' | 'desktop';

/** Spec §3: mobile under 768 px wide, tablet under 1024 px, desktop otherwise. */
export function deviceType(screenWidth: number): DeviceType {
  if (screenWidth < 768) return 'mobile';
  if (screenWidth < 1024) return 'tablet';
  return 'desktop';
}
