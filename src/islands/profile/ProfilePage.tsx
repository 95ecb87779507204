import { useStore } from '@nanostores/react';
import { $token } from '#client/state/auth.ts';
import { promptWhat } from '#lib/site/login-prompt.ts';
import { $profile, loadProfile } from '#stores/profile.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { LoadFailed, Loading } from '../ui/LoadState.tsx';
import { ProfileForm } from './ProfileForm.tsx';

/** /patient-profile: the account from the profile store (loaded with `user/info`), then the form. */
function ProfileLoader() {
  const token = useStore($token);
  const profile = useStore($profile);

  if (profile.status === 'failed') return <LoadFailed text="اطلاعات حساب بارگذاری نشد." onRetry={() => void loadProfile()} />;
  if (profile.status === 'loading') return <Loading text="در حال بارگذاری اطلاعات حساب…" />;
  return <ProfileForm key={`${profile.user.id}-${token}`} user={profile.user} />;
}

export function ProfilePage() {
  return (
    <AuthGate what={promptWhat.profile}>
      <h1 className="mb-4 text-xl font-bold">پروفایل من</h1>
      <ProfileLoader />
    </AuthGate>
  );
}
