import type { User } from '#lib/api/contracts/auth.ts';

/** The account's photo, or its initials on a dark colour derived from its id (white text stays ≥ 4.5:1 on every hue). */
export function Avatar({ user, size = 48 }: { user: Pick<User, 'id' | 'first_name' | 'last_name' | 'profile_path'>; size?: number }) {
  if (user.profile_path) {
    return <img src={user.profile_path} alt="" width={size} height={size} className="shrink-0 rounded-full object-cover" />;
  }
  const hue = (user.id * 47) % 360;
  const initials = `${user.first_name.at(0) ?? ''}‌${user.last_name.at(0) ?? ''}`;
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full font-bold text-white"
      style={{ width: size, height: size, backgroundColor: `hsl(${hue} 50% 28%)` }}
    >
      {initials}
    </span>
  );
}
