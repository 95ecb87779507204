import { useStore } from '@nanostores/react';
import { $token } from '#stores/auth.ts';
import { $profile, loadProfile } from '#stores/profile.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { ProfileForm } from './ProfileForm.tsx';

/** /patient-profile: the account from the profile store (loaded with `user/info`), then the form. */
function ProfileLoader() {
  const token = useStore($token);
  const profile = useStore($profile);

  if (profile.status === 'failed') {
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-card p-5" role="alert">
        <p>اطلاعات حساب بارگذاری نشد.</p>
        <button type="button" className="min-h-11 rounded-xl border border-line px-4 font-bold" onClick={() => void loadProfile()}>
          تلاش دوباره
        </button>
      </div>
    );
  }
  if (profile.status === 'loading') {
    return (
      <p className="rounded-2xl border border-line bg-card p-5 text-muted" role="status">
        در حال بارگذاری اطلاعات حساب…
      </p>
    );
  }
  return <ProfileForm key={`${profile.user.id}-${token}`} user={profile.user} />;
}

export function ProfilePage() {
  return (
    <AuthGate what="پروفایل خود">
      <h1 className="mb-4 text-xl font-bold">پروفایل من</h1>
      <ProfileLoader />
    </AuthGate>
  );
}
