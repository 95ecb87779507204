import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { fetchUserInfo } from '../../lib/api/auth.ts';
import { $token, setUser, type User } from '../../stores/auth.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { ProfileForm } from './ProfileForm.tsx';

/** /patient-profile: loads the account with `user/info`, then the form. */
function ProfileLoader() {
  const token = useStore($token);
  const [user, setLoaded] = useState<User>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setFailed(false);
    fetchUserInfo()
      .then((answer) => {
        if (!current) return;
        setUser(answer.user);
        setLoaded(answer.user);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [token, attempt]);

  if (failed) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-card p-5" role="alert">
        <p>اطلاعات حساب بارگذاری نشد.</p>
        <button type="button" className="min-h-11 rounded-xl border border-line px-4 font-bold" onClick={() => setAttempt(attempt + 1)}>
          تلاش دوباره
        </button>
      </div>
    );
  }
  if (!user) {
    return (
      <p className="rounded-2xl border border-line bg-card p-5 text-muted" role="status">
        در حال بارگذاری اطلاعات حساب…
      </p>
    );
  }
  return <ProfileForm key={`${user.id}-${token}`} user={user} />;
}

export function ProfilePage() {
  return (
    <AuthGate what="پروفایل خود">
      <h1 className="mb-4 text-xl font-bold">پروفایل من</h1>
      <ProfileLoader />
    </AuthGate>
  );
}
